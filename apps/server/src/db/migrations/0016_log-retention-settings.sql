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
CREATE UNIQUE INDEX "log_retention_settings_tenant_idx" ON "log_retention_settings" USING btree ("tenant_id");--> statement-breakpoint
-- Row-level security like every tenant table (docs/decisions/0013-tenant-isolation.md).
ALTER TABLE "log_retention_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "log_retention_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "log_retention_settings"
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
