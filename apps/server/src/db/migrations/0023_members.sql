CREATE TABLE "benefit_riders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"policy_ref" uuid NOT NULL,
	"rider_code" varchar(32) NOT NULL,
	"name" varchar(200) NOT NULL,
	"name_en" varchar(200) DEFAULT '' NOT NULL,
	"coverage_code" varchar(8) DEFAULT '' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"limit_amount" numeric(14, 2),
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benefit_special_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"policy_ref" uuid NOT NULL,
	"rule_code" varchar(32) NOT NULL,
	"coverage_code" varchar(8) DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"en_content" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benefit_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"coverage_ref" uuid NOT NULL,
	"source_type" varchar(16) NOT NULL,
	"source_id" varchar(64) NOT NULL,
	"provider_id" varchar(64) DEFAULT '' NOT NULL,
	"visit_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" varchar(10) DEFAULT 'used' NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"customer_id" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"name_en" varchar(200) DEFAULT '' NOT NULL,
	"customer_type" varchar(2) DEFAULT '02' NOT NULL,
	"status" varchar(2) DEFAULT '01' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"customer_ref" uuid NOT NULL,
	"grp_plan_code" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"name_en" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(2) DEFAULT '01' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"customer_ref" uuid NOT NULL,
	"member_id" varchar(64) NOT NULL,
	"employee_id" varchar(64) NOT NULL,
	"relation" varchar(2) DEFAULT '01' NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_en" varchar(200) DEFAULT '' NOT NULL,
	"birthday" date NOT NULL,
	"sex" varchar(2) DEFAULT '' NOT NULL,
	"id_type" varchar(2) DEFAULT '01' NOT NULL,
	"id_number" varchar(64) DEFAULT '' NOT NULL,
	"card_number" varchar(64) DEFAULT '' NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"email" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(2) DEFAULT '01' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"plan_ref" uuid NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"direct_billing" boolean DEFAULT true NOT NULL,
	"valid_from" date,
	"valid_to" date
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"policy_no" varchar(64) NOT NULL,
	"member_ref" uuid NOT NULL,
	"plan_ref" uuid NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"status" varchar(2) DEFAULT '01' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_coverages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"policy_ref" uuid NOT NULL,
	"coverage_code" varchar(8) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"per_visit_limit" numeric(14, 2),
	"annual_limit" numeric(14, 2),
	"co_pay_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"deductible" numeric(14, 2) DEFAULT '0' NOT NULL,
	"direct_billing" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "benefit_riders" ADD CONSTRAINT "benefit_riders_policy_ref_policies_id_fk" FOREIGN KEY ("policy_ref") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_special_rules" ADD CONSTRAINT "benefit_special_rules_policy_ref_policies_id_fk" FOREIGN KEY ("policy_ref") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_usage" ADD CONSTRAINT "benefit_usage_coverage_ref_policy_coverages_id_fk" FOREIGN KEY ("coverage_ref") REFERENCES "public"."policy_coverages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plans" ADD CONSTRAINT "group_plans_customer_ref_customers_id_fk" FOREIGN KEY ("customer_ref") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_customer_ref_customers_id_fk" FOREIGN KEY ("customer_ref") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_providers" ADD CONSTRAINT "plan_providers_plan_ref_group_plans_id_fk" FOREIGN KEY ("plan_ref") REFERENCES "public"."group_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_member_ref_members_id_fk" FOREIGN KEY ("member_ref") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_plan_ref_group_plans_id_fk" FOREIGN KEY ("plan_ref") REFERENCES "public"."group_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_coverages" ADD CONSTRAINT "policy_coverages_policy_ref_policies_id_fk" FOREIGN KEY ("policy_ref") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "benefit_riders_uq" ON "benefit_riders" USING btree ("policy_ref","rider_code");--> statement-breakpoint
CREATE UNIQUE INDEX "benefit_special_rules_uq" ON "benefit_special_rules" USING btree ("policy_ref","rule_code");--> statement-breakpoint
CREATE UNIQUE INDEX "benefit_usage_source_uq" ON "benefit_usage" USING btree ("coverage_ref","source_type","source_id");--> statement-breakpoint
CREATE INDEX "benefit_usage_coverage_idx" ON "benefit_usage" USING btree ("coverage_ref","status","visit_date");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_code_uq" ON "customers" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_plans_code_uq" ON "group_plans" USING btree ("tenant_id","grp_plan_code");--> statement-breakpoint
CREATE INDEX "group_plans_customer_idx" ON "group_plans" USING btree ("customer_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "members_member_id_uq" ON "members" USING btree ("tenant_id","member_id");--> statement-breakpoint
CREATE INDEX "members_name_birthday_idx" ON "members" USING btree ("tenant_id","name","birthday");--> statement-breakpoint
CREATE INDEX "members_name_en_birthday_idx" ON "members" USING btree ("tenant_id","name_en","birthday");--> statement-breakpoint
CREATE INDEX "members_card_idx" ON "members" USING btree ("tenant_id","card_number");--> statement-breakpoint
CREATE INDEX "members_employee_idx" ON "members" USING btree ("tenant_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_providers_uq" ON "plan_providers" USING btree ("tenant_id","plan_ref","provider_id");--> statement-breakpoint
CREATE INDEX "plan_providers_provider_idx" ON "plan_providers" USING btree ("tenant_id","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_no_uq" ON "policies" USING btree ("tenant_id","policy_no","member_ref");--> statement-breakpoint
CREATE INDEX "policies_member_idx" ON "policies" USING btree ("member_ref");--> statement-breakpoint
CREATE INDEX "policies_plan_idx" ON "policies" USING btree ("plan_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_coverages_uq" ON "policy_coverages" USING btree ("policy_ref","coverage_code","currency");