CREATE TABLE "doctor_practices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"doctor_id" uuid NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"external_display" varchar(2) DEFAULT '' NOT NULL,
	"departments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"practice_end_date" varchar(10) DEFAULT '' NOT NULL,
	"collectors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"del_flag" varchar(1) DEFAULT '0' NOT NULL,
	"last_task_no" varchar(32),
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "doctor_task_audits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"task_id" uuid NOT NULL,
	"task_no" varchar(32) NOT NULL,
	"task_type" varchar(2) NOT NULL,
	"audit_result" varchar(2),
	"conclusion" varchar(2) NOT NULL,
	"return_reason" varchar(500),
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audited_at" timestamp with time zone NOT NULL,
	"audit_member_id" uuid,
	"audit_member" varchar(100) DEFAULT '' NOT NULL,
	"audit_member_en" varchar(200) DEFAULT '' NOT NULL,
	"operator_kind" varchar(1) DEFAULT 'O' NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"doctor_id" uuid,
	"certificate_no" varchar(32) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_task_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"task_id" uuid NOT NULL,
	"status" varchar(2) NOT NULL,
	"flow_type" varchar(2) NOT NULL,
	"operate_date" timestamp with time zone DEFAULT now() NOT NULL,
	"operate_member" varchar(100) DEFAULT '' NOT NULL,
	"operate_member_en" varchar(200) DEFAULT '' NOT NULL,
	"operate_member_id" uuid,
	"operate_remark" varchar(1000) DEFAULT '' NOT NULL,
	"operator_kind" varchar(1) DEFAULT 'O' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_task_sequences" (
	"tenant_id" uuid NOT NULL,
	"day" varchar(8) NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "doctor_task_sequences_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "doctor_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"task_no" varchar(32) NOT NULL,
	"task_type" varchar(2) NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"attaches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"compare_result" text,
	"old_data" jsonb,
	"status" varchar(2) NOT NULL,
	"audit_result" varchar(2),
	"return_reason" varchar(500),
	"audit_date" timestamp with time zone,
	"audit_member" varchar(100),
	"audit_member_en" varchar(200),
	"audit_member_id" uuid,
	"commit_date" timestamp with time zone,
	"commit_name" varchar(100),
	"commit_name_en" varchar(200),
	"commit_user_id" uuid,
	"person_in_charge" varchar(100),
	"publicity_date" timestamp with time zone,
	"doctor_id" uuid,
	"certificate_no" varchar(32) NOT NULL,
	"cn_last_name" varchar(20) DEFAULT '' NOT NULL,
	"cn_first_name" varchar(20) DEFAULT '' NOT NULL,
	"en_last_name" varchar(50) DEFAULT '' NOT NULL,
	"en_first_name" varchar(50) DEFAULT '' NOT NULL,
	"gender" varchar(1) DEFAULT '' NOT NULL,
	"multi_practice" varchar(2) DEFAULT '' NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"professional_level" varchar(2) DEFAULT '' NOT NULL,
	"expertise_cn" text DEFAULT '' NOT NULL,
	"expertise_en" text DEFAULT '' NOT NULL,
	"service_overview_cn" text DEFAULT '' NOT NULL,
	"service_overview_en" text DEFAULT '' NOT NULL,
	"photo" varchar(64) DEFAULT '' NOT NULL,
	"external_display" varchar(2) DEFAULT '' NOT NULL,
	"departments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"practice_end_date" varchar(10) DEFAULT '' NOT NULL,
	"collectors" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"certificate_no" varchar(32) NOT NULL,
	"cn_last_name" varchar(20) DEFAULT '' NOT NULL,
	"cn_first_name" varchar(20) DEFAULT '' NOT NULL,
	"en_last_name" varchar(50) DEFAULT '' NOT NULL,
	"en_first_name" varchar(50) DEFAULT '' NOT NULL,
	"gender" varchar(1) DEFAULT '' NOT NULL,
	"multi_practice" varchar(2) DEFAULT '' NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"professional_level" varchar(2) DEFAULT '' NOT NULL,
	"expertise_cn" text DEFAULT '' NOT NULL,
	"expertise_en" text DEFAULT '' NOT NULL,
	"service_overview_cn" text DEFAULT '' NOT NULL,
	"service_overview_en" text DEFAULT '' NOT NULL,
	"photo" varchar(64) DEFAULT '' NOT NULL,
	"recommend_rating" integer,
	"recommend_note" varchar(1000) DEFAULT '' NOT NULL,
	"del_flag" varchar(1) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "doctor_practices_tenant_idx" ON "doctor_practices" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_practices_doctor_provider_uq" ON "doctor_practices" USING btree ("tenant_id","doctor_id","provider_id");--> statement-breakpoint
CREATE INDEX "doctor_practices_provider_idx" ON "doctor_practices" USING btree ("tenant_id","provider_id");--> statement-breakpoint
CREATE INDEX "doctor_task_audits_tenant_idx" ON "doctor_task_audits" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "doctor_task_audits_task_idx" ON "doctor_task_audits" USING btree ("tenant_id","task_id","audited_at");--> statement-breakpoint
CREATE INDEX "doctor_task_flows_tenant_idx" ON "doctor_task_flows" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "doctor_task_flows_task_idx" ON "doctor_task_flows" USING btree ("tenant_id","task_id","operate_date");--> statement-breakpoint
CREATE INDEX "doctor_task_sequences_tenant_idx" ON "doctor_task_sequences" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "doctor_tasks_tenant_idx" ON "doctor_tasks" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_tasks_tenant_task_no_uq" ON "doctor_tasks" USING btree ("tenant_id","task_no");--> statement-breakpoint
CREATE INDEX "doctor_tasks_tenant_provider_idx" ON "doctor_tasks" USING btree ("tenant_id","provider_id","status");--> statement-breakpoint
CREATE INDEX "doctor_tasks_tenant_certificate_idx" ON "doctor_tasks" USING btree ("tenant_id","provider_id","certificate_no");--> statement-breakpoint
CREATE INDEX "doctors_tenant_idx" ON "doctors" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "doctors_tenant_certificate_uq" ON "doctors" USING btree ("tenant_id","certificate_no");