CREATE TABLE "log_retention_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"operation" varchar(8) NOT NULL,
	"security" varchar(8) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_apps" ADD COLUMN "tenant_id" uuid;--> statement-breakpoint
ALTER TABLE "client_apps" ADD COLUMN "confidential" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_apps" ADD COLUMN "grant_types" jsonb DEFAULT '["password","refresh_token"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "client_apps" ADD COLUMN "access_token_seconds" integer;--> statement-breakpoint
ALTER TABLE "client_apps" ADD COLUMN "refresh_token_seconds" integer;--> statement-breakpoint
ALTER TABLE "client_apps" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "client_apps" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_apps" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "log_retention_settings_tenant_idx" ON "log_retention_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "client_apps_tenant_idx" ON "client_apps" USING btree ("tenant_id");--> statement-breakpoint
-- Clients registered before this migration keep no tenant: shared by every tenant, read-only on
-- the administration screen like the built-in portal-web. A captcha-exempt client is a server
-- keeping its secret, so confidential (docs/decisions/0031-clients-and-logs.md).
UPDATE "client_apps" SET "confidential" = true WHERE "captcha_exempt" = true;--> statement-breakpoint
-- Row-level security (docs/decisions/0013-tenant-isolation.md): a tenant reads its own clients
-- and the shared ones (no tenant), and writes only its own.
ALTER TABLE "client_apps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "client_apps" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "client_apps"
  USING (tenant_id IS NULL OR tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Row-level security like every tenant table (docs/decisions/0013-tenant-isolation.md).
ALTER TABLE "log_retention_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "log_retention_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "log_retention_settings"
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
