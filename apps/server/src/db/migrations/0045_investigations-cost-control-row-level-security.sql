-- Row-level security for the investigation and cost-management tables (decision 0013): the tenant's own rows only.
ALTER TABLE "investigations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "investigations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "investigations" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "investigation_answers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "investigation_answers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "investigation_answers" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "investigation_flow" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "investigation_flow" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "investigation_flow" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "cost_control_measures" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "cost_control_measures" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "cost_control_measures" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "cost_control_flow" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "cost_control_flow" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "cost_control_flow" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Case and measure numbers: one sequence each for every tenant, so a number is never handed out twice.
CREATE SEQUENCE IF NOT EXISTS investigation_no_seq START WITH 1000000001;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE investigation_no_seq TO portal_app;
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS cost_control_no_seq START WITH 1000000001;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE cost_control_no_seq TO portal_app;
