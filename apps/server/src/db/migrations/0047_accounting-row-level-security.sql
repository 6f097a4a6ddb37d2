-- Row-level security for the claim accounting tables (decision 0013): the tenant's own rows only.
ALTER TABLE "payment_batches" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payment_batches" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "payment_batches" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "payment_items" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payment_items" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "payment_items" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "claim_payable_adjustments" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "claim_payable_adjustments" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "claim_payable_adjustments" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "payment_flow" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payment_flow" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "payment_flow" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Payment batch numbers: one sequence for every tenant, so a number is never handed out twice.
CREATE SEQUENCE IF NOT EXISTS payment_batch_no_seq START WITH 1;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE payment_batch_no_seq TO portal_app;
