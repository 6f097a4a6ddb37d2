-- Row-level security for the claims tables (decision 0013): the tenant's own rows only.
ALTER TABLE "claim_batches" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "claim_batches" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "claim_batches" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "claim_lines" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "claim_lines" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "claim_lines" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "claim_flow" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "claim_flow" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "claim_flow" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "claim_menu_clicks" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "claim_menu_clicks" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "claim_menu_clicks" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Batch numbers: one sequence for every tenant, so a number is never handed out twice.
CREATE SEQUENCE IF NOT EXISTS claim_batch_no_seq START WITH 1000000001;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE claim_batch_no_seq TO portal_app;
