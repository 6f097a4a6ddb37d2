-- Row-level security for the case conversations (decision 0013): the tenant's own rows only.
ALTER TABLE "preauth_messages" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "preauth_messages" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "preauth_messages" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
