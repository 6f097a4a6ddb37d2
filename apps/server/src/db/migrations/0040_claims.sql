CREATE TABLE "claim_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"status" varchar(2) DEFAULT '01' NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"statement_file_id" uuid NOT NULL,
	"statement_name" varchar(200) NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision_remark" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "claim_flow" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"batch_ref" uuid NOT NULL,
	"action" varchar(24) NOT NULL,
	"from_status" varchar(2) DEFAULT '' NOT NULL,
	"to_status" varchar(2) NOT NULL,
	"operator_id" uuid,
	"operator_name" varchar(100) DEFAULT '' NOT NULL,
	"operator_name_en" varchar(100) DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"batch_ref" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"status" varchar(2) DEFAULT '00' NOT NULL,
	"member_ref" uuid NOT NULL,
	"member_id" varchar(64) NOT NULL,
	"member_name" varchar(100) NOT NULL,
	"member_name_en" varchar(200) DEFAULT '' NOT NULL,
	"policy_ref" uuid NOT NULL,
	"policy_no" varchar(64) NOT NULL,
	"coverage_ref" uuid NOT NULL,
	"coverage_code" varchar(8) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"visit_date" date NOT NULL,
	"visit_type" varchar(2) NOT NULL,
	"icd_code" varchar(16) NOT NULL,
	"diagnosis" varchar(200) DEFAULT '' NOT NULL,
	"item_code" varchar(64) NOT NULL,
	"item_name" varchar(200) NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"dup_key" varchar(200) NOT NULL,
	"preauth_ref" uuid,
	"preauth_no" varchar(32) DEFAULT '' NOT NULL,
	"payable_amount" numeric(14, 2),
	"reason_codes" text[] DEFAULT '{}' NOT NULL,
	"decision_remark" text DEFAULT '' NOT NULL,
	"ex_gratia" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_menu_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_id" varchar(64) DEFAULT '' NOT NULL,
	"menu_path" varchar(64) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claim_flow" ADD CONSTRAINT "claim_flow_batch_ref_claim_batches_id_fk" FOREIGN KEY ("batch_ref") REFERENCES "public"."claim_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_batch_ref_claim_batches_id_fk" FOREIGN KEY ("batch_ref") REFERENCES "public"."claim_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_batches_no_uq" ON "claim_batches" USING btree ("tenant_id","batch_no");--> statement-breakpoint
CREATE INDEX "claim_batches_tenant_idx" ON "claim_batches" USING btree ("tenant_id","status","submitted_at");--> statement-breakpoint
CREATE INDEX "claim_batches_provider_idx" ON "claim_batches" USING btree ("tenant_id","provider_id","status","submitted_at");--> statement-breakpoint
CREATE INDEX "claim_batches_statement_idx" ON "claim_batches" USING btree ("tenant_id","provider_id","statement_name");--> statement-breakpoint
CREATE INDEX "claim_flow_tenant_idx" ON "claim_flow" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "claim_flow_batch_idx" ON "claim_flow" USING btree ("batch_ref","created_at");--> statement-breakpoint
CREATE INDEX "claim_lines_tenant_idx" ON "claim_lines" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "claim_lines_batch_idx" ON "claim_lines" USING btree ("batch_ref","row_no");--> statement-breakpoint
CREATE INDEX "claim_lines_dup_idx" ON "claim_lines" USING btree ("tenant_id","dup_key");--> statement-breakpoint
CREATE INDEX "claim_lines_member_idx" ON "claim_lines" USING btree ("tenant_id","member_id","visit_date");--> statement-breakpoint
CREATE INDEX "claim_menu_clicks_tenant_idx" ON "claim_menu_clicks" USING btree ("tenant_id","menu_path","created_at");