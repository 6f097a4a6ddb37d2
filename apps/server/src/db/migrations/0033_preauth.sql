CREATE TABLE "preauth_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"case_no" varchar(32) NOT NULL,
	"status" varchar(2) DEFAULT '01' NOT NULL,
	"reopened" boolean DEFAULT false NOT NULL,
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
	"visit_type" varchar(2) NOT NULL,
	"visit_date" date NOT NULL,
	"length_of_stay" integer DEFAULT 0 NOT NULL,
	"department" varchar(100) DEFAULT '' NOT NULL,
	"doctor" varchar(100) DEFAULT '' NOT NULL,
	"estimated_cost" numeric(14, 2) NOT NULL,
	"icd_codes" text[] NOT NULL,
	"case_handler" varchar(2) NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"apply_date" date,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone,
	"approved_amount" numeric(14, 2),
	"valid_until" date,
	"decision_remark" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "preauth_flow" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"case_ref" uuid NOT NULL,
	"action" varchar(24) NOT NULL,
	"from_status" varchar(2) DEFAULT '' NOT NULL,
	"to_status" varchar(2) NOT NULL,
	"operator_id" uuid,
	"operator_name" varchar(100) DEFAULT '' NOT NULL,
	"operator_name_en" varchar(100) DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"amount" numeric(14, 2)
);
--> statement-breakpoint
ALTER TABLE "preauth_flow" ADD CONSTRAINT "preauth_flow_case_ref_preauth_cases_id_fk" FOREIGN KEY ("case_ref") REFERENCES "public"."preauth_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "preauth_cases_no_uq" ON "preauth_cases" USING btree ("tenant_id","case_no");--> statement-breakpoint
CREATE INDEX "preauth_cases_tenant_idx" ON "preauth_cases" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "preauth_cases_provider_idx" ON "preauth_cases" USING btree ("tenant_id","provider_id","status","created_at");--> statement-breakpoint
CREATE INDEX "preauth_cases_member_idx" ON "preauth_cases" USING btree ("tenant_id","member_id");--> statement-breakpoint
CREATE INDEX "preauth_cases_due_idx" ON "preauth_cases" USING btree ("status","valid_until");--> statement-breakpoint
CREATE INDEX "preauth_flow_tenant_idx" ON "preauth_flow" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "preauth_flow_case_idx" ON "preauth_flow" USING btree ("case_ref","created_at");