CREATE TABLE "hospital_task_audits" (
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
	"provider_id" varchar(64) NOT NULL,
	"task_provider_id" varchar(64) NOT NULL,
	"provider_cn_name" varchar(100) DEFAULT '' NOT NULL,
	"provider_en_name" varchar(200) DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audited_at" timestamp with time zone NOT NULL,
	"audit_member_id" uuid,
	"audit_member" varchar(100) DEFAULT '' NOT NULL,
	"audit_member_en" varchar(200) DEFAULT '' NOT NULL,
	"operator_kind" varchar(1) DEFAULT 'O' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_name" varchar(100) NOT NULL,
	"instance_id" varchar(100) NOT NULL,
	"status" varchar(10) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"every_seconds" integer NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_status" varchar(10),
	"last_error" text,
	"last_instance" varchar(100),
	"run_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "hospital_task_audits_tenant_idx" ON "hospital_task_audits" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "hospital_task_audits_task_idx" ON "hospital_task_audits" USING btree ("tenant_id","task_id","audited_at");--> statement-breakpoint
CREATE INDEX "hospital_task_audits_audited_idx" ON "hospital_task_audits" USING btree ("tenant_id","conclusion","audited_at");--> statement-breakpoint
CREATE INDEX "job_runs_job_started_idx" ON "job_runs" USING btree ("job_name","started_at");