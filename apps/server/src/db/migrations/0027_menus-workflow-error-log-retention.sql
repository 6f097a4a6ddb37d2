CREATE TABLE "workflow_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"task_type" varchar(32) NOT NULL,
	"auditor_role_code" varchar(64),
	"overdue_days" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "log_retention_settings" ADD COLUMN "error" varchar(8);--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "built_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "built_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_settings_tenant_type_uq" ON "workflow_settings" USING btree ("tenant_id","task_type");