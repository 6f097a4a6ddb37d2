-- Row-level security for the pre-authorisation tables (decision 0013): the tenant's own rows only.
ALTER TABLE "preauth_cases" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "preauth_cases" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "preauth_cases" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "preauth_flow" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "preauth_flow" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "preauth_flow" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Case numbers: one sequence for every tenant, so a number is never handed out twice.
CREATE SEQUENCE IF NOT EXISTS preauth_no_seq START WITH 1000000001;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE preauth_no_seq TO portal_app;
