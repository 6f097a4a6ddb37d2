CREATE TABLE "areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"code" varchar(16) NOT NULL,
	"up_code" varchar(16) NOT NULL,
	"level" varchar(2) NOT NULL,
	"cn_name" varchar(100) NOT NULL,
	"en_name" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"bank_code" varchar(16) NOT NULL,
	"cn_name" varchar(100) NOT NULL,
	"en_name" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"dept_code" varchar(32) NOT NULL,
	"dept_cn_name" varchar(200) NOT NULL,
	"dept_en_name" varchar(300) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"code_type" varchar(64) NOT NULL,
	"code" varchar(32) NOT NULL,
	"code_name" varchar(200) NOT NULL,
	"code_en_name" varchar(300) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"code_type" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"kind" varchar(16) DEFAULT 'dictionary' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"user_id" uuid,
	"account" varchar(30) DEFAULT '' NOT NULL,
	"action" varchar(32) NOT NULL,
	"target_table" varchar(64) NOT NULL,
	"target_id" varchar(64) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "areas_tenant_idx" ON "areas" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "areas_tenant_code_uq" ON "areas" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "areas_tenant_up_code_idx" ON "areas" USING btree ("tenant_id","up_code");--> statement-breakpoint
CREATE INDEX "banks_tenant_idx" ON "banks" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "banks_tenant_code_uq" ON "banks" USING btree ("tenant_id","bank_code");--> statement-breakpoint
CREATE INDEX "departments_tenant_idx" ON "departments" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_tenant_code_uq" ON "departments" USING btree ("tenant_id","dept_code");--> statement-breakpoint
CREATE INDEX "dictionary_entries_tenant_idx" ON "dictionary_entries" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_entries_tenant_type_code_uq" ON "dictionary_entries" USING btree ("tenant_id","code_type","code");--> statement-breakpoint
CREATE INDEX "dictionary_types_tenant_idx" ON "dictionary_types" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_types_tenant_type_uq" ON "dictionary_types" USING btree ("tenant_id","code_type");--> statement-breakpoint
CREATE INDEX "operation_logs_tenant_idx" ON "operation_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_target_idx" ON "operation_logs" USING btree ("tenant_id","target_table","target_id");