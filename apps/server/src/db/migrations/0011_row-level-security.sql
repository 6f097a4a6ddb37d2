-- Row-level security on every tenant-owned table (docs/decisions/0013-tenant-isolation.md).
-- Requests run as portal_app (no login, no BYPASSRLS, not a superuser) with app.tenant_id set;
-- the connecting role (superuser or BYPASSRLS) is kept for the named cross-tenant paths.
DO $$
BEGIN
  CREATE ROLE portal_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- roles are cluster-wide: another database of this server made it already
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'portal_app', 'member') THEN
    EXECUTE format('GRANT portal_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO portal_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO portal_app;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO portal_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO portal_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO portal_app;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'areas', 'banks', 'departments', 'dictionary_entries', 'dictionary_types', 'error_logs',
    'files', 'hospital_task_audits', 'hospital_task_flows', 'hospital_task_sequences',
    'hospital_tasks', 'provider_notes', 'providers', 'menus', 'resources', 'message_reads',
    'message_recipients', 'messages', 'role_menus', 'role_permissions', 'roles', 'user_roles',
    'refresh_tokens', 'sessions', 'users', 'operation_logs'
  ] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid) WITH CHECK (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)',
      t
    );
  END LOOP;
END
$$;
