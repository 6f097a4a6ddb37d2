CREATE TABLE "appointment_process" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"appointment_ref" uuid NOT NULL,
	"action" varchar(24) NOT NULL,
	"from_status" varchar(2) DEFAULT '' NOT NULL,
	"to_status" varchar(2) NOT NULL,
	"operator_id" uuid,
	"operator_name" varchar(100) DEFAULT '' NOT NULL,
	"operator_name_en" varchar(100) DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"appoint_no" varchar(32) NOT NULL,
	"status" varchar(2) DEFAULT '01' NOT NULL,
	"source" varchar(2) DEFAULT '01' NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"member_ref" uuid NOT NULL,
	"member_id" varchar(64) NOT NULL,
	"member_name" varchar(100) NOT NULL,
	"member_name_en" varchar(200) DEFAULT '' NOT NULL,
	"patient_birthday" date NOT NULL,
	"customer_id" varchar(64) NOT NULL,
	"plan_ref" uuid NOT NULL,
	"grp_plan_code" varchar(64) NOT NULL,
	"policy_ref" uuid NOT NULL,
	"policy_no" varchar(64) NOT NULL,
	"coverage_ref" uuid NOT NULL,
	"coverage_code" varchar(8) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"visit_date" date NOT NULL,
	"visit_time" varchar(5) DEFAULT '' NOT NULL,
	"department" varchar(100) NOT NULL,
	"doctor" varchar(100) DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"have_read" boolean DEFAULT false NOT NULL,
	"diagnosis" text DEFAULT '' NOT NULL,
	"bill_amount" numeric(14, 2),
	"confirm_remark" text DEFAULT '' NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "appointment_process" ADD CONSTRAINT "appointment_process_appointment_ref_appointments_id_fk" FOREIGN KEY ("appointment_ref") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_process_tenant_idx" ON "appointment_process" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "appointment_process_appointment_idx" ON "appointment_process" USING btree ("appointment_ref","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_no_uq" ON "appointments" USING btree ("tenant_id","appoint_no");--> statement-breakpoint
CREATE INDEX "appointments_tenant_idx" ON "appointments" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "appointments_provider_idx" ON "appointments" USING btree ("tenant_id","provider_id","status","created_at");--> statement-breakpoint
CREATE INDEX "appointments_member_idx" ON "appointments" USING btree ("tenant_id","member_id");--> statement-breakpoint
CREATE INDEX "appointments_due_idx" ON "appointments" USING btree ("status","visit_date");