-- Row-level security for the SMS tables (decision 0013): the tenant's own rows only.
ALTER TABLE "sms_batches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sms_batches" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "sms_batches" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "sms_outbox" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sms_outbox" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "sms_outbox" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
