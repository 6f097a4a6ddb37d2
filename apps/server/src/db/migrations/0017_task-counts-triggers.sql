-- Exact task counts per tenant, kind, provider, task type and status (decision 0022), kept by
-- statement-level triggers on each kind's task table in the writing transaction, so a count
-- is never stale and a bulk INSERT … SELECT adds one row per group, not one per task. The row
-- with provider '*' counts the whole tenant. Rows are upserted in key order so two concurrent
-- writers of one tenant lock them in the same order and cannot deadlock on them. The function
-- runs with the caller's rights: under row-level security a request only ever writes the
-- counts of its own tenant, which are the only tasks it can write.
CREATE FUNCTION task_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM task_counts WHERE kind = TG_ARGV[0];
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO task_counts AS c (tenant_id, kind, provider_id, task_type, status, n)
    SELECT x.tenant_id, TG_ARGV[0], p.provider_id, x.task_type, x.status, count(*)
      FROM new_rows x CROSS JOIN LATERAL (VALUES (x.provider_id), ('*')) AS p(provider_id)
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, kind, provider_id, task_type, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO task_counts AS c (tenant_id, kind, provider_id, task_type, status, n)
    SELECT x.tenant_id, TG_ARGV[0], p.provider_id, x.task_type, x.status, -count(*)
      FROM old_rows x CROSS JOIN LATERAL (VALUES (x.provider_id), ('*')) AS p(provider_id)
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, kind, provider_id, task_type, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO task_counts AS c (tenant_id, kind, provider_id, task_type, status, n)
    SELECT x.tenant_id, TG_ARGV[0], p.provider_id, x.task_type, x.status, sum(x.d)
      FROM (
        SELECT tenant_id, provider_id, task_type, status, 1 AS d FROM new_rows
        UNION ALL
        SELECT tenant_id, provider_id, task_type, status, -1 AS d FROM old_rows
      ) x CROSS JOIN LATERAL (VALUES (x.provider_id), ('*')) AS p(provider_id)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(x.d) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, kind, provider_id, task_type, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER hospital_tasks_count_insert AFTER INSERT ON hospital_tasks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply('hospital');
--> statement-breakpoint
CREATE TRIGGER hospital_tasks_count_update AFTER UPDATE ON hospital_tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply('hospital');
--> statement-breakpoint
CREATE TRIGGER hospital_tasks_count_delete AFTER DELETE ON hospital_tasks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply('hospital');
--> statement-breakpoint
CREATE TRIGGER hospital_tasks_count_truncate AFTER TRUNCATE ON hospital_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply('hospital');
--> statement-breakpoint
CREATE TRIGGER doctor_tasks_count_insert AFTER INSERT ON doctor_tasks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply('doctor');
--> statement-breakpoint
CREATE TRIGGER doctor_tasks_count_update AFTER UPDATE ON doctor_tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply('doctor');
--> statement-breakpoint
CREATE TRIGGER doctor_tasks_count_delete AFTER DELETE ON doctor_tasks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply('doctor');
--> statement-breakpoint
CREATE TRIGGER doctor_tasks_count_truncate AFTER TRUNCATE ON doctor_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION task_counts_apply('doctor');
--> statement-breakpoint
INSERT INTO task_counts (tenant_id, kind, provider_id, task_type, status, n)
SELECT x.tenant_id, 'hospital', p.provider_id, x.task_type, x.status, count(*)
  FROM hospital_tasks x CROSS JOIN LATERAL (VALUES (x.provider_id), ('*')) AS p(provider_id)
  GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO task_counts (tenant_id, kind, provider_id, task_type, status, n)
SELECT x.tenant_id, 'doctor', p.provider_id, x.task_type, x.status, count(*)
  FROM doctor_tasks x CROSS JOIN LATERAL (VALUES (x.provider_id), ('*')) AS p(provider_id)
  GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
ALTER TABLE task_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE task_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON task_counts
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON task_counts TO portal_app;
