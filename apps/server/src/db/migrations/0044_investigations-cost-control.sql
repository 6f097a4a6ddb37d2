CREATE TABLE "cost_control_flow" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"measure_ref" uuid NOT NULL,
	"action" varchar(24) NOT NULL,
	"from_status" varchar(2) DEFAULT '' NOT NULL,
	"to_status" varchar(2) NOT NULL,
	"proportion" numeric(5, 2),
	"valid_from" date,
	"valid_to" date,
	"operator_id" uuid,
	"operator_name" varchar(100) DEFAULT '' NOT NULL,
	"operator_name_en" varchar(100) DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_control_measures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"measure_no" varchar(32) NOT NULL,
	"status" varchar(2) DEFAULT '01' NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"proportion" numeric(5, 2) NOT NULL,
	"basis" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"auto_confirmed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investigation_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"investigation_ref" uuid NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"tracking_numbers" varchar(200) DEFAULT '' NOT NULL,
	"posting_date" date,
	"file_ids" uuid[] DEFAULT '{}' NOT NULL,
	"author_id" uuid NOT NULL,
	"author_name" varchar(100) DEFAULT '' NOT NULL,
	"author_name_en" varchar(100) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investigation_flow" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"investigation_ref" uuid NOT NULL,
	"action" varchar(24) NOT NULL,
	"from_status" varchar(2) DEFAULT '' NOT NULL,
	"to_status" varchar(2) NOT NULL,
	"operator_id" uuid,
	"operator_name" varchar(100) DEFAULT '' NOT NULL,
	"operator_name_en" varchar(100) DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investigations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"case_no" varchar(32) NOT NULL,
	"status" varchar(2) DEFAULT '01' NOT NULL,
	"type" varchar(8) NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"batch_ref" uuid NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"line_ref" uuid,
	"row_no" integer NOT NULL,
	"member_id" varchar(64) NOT NULL,
	"member_name" varchar(100) NOT NULL,
	"member_name_en" varchar(200) DEFAULT '' NOT NULL,
	"visit_date" date NOT NULL,
	"icd_code" varchar(16) NOT NULL,
	"item_code" varchar(64) NOT NULL,
	"item_name" varchar(200) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"request" text NOT NULL,
	"opened_on" date NOT NULL,
	"opened_by" uuid NOT NULL,
	"opened_by_name" varchar(100) DEFAULT '' NOT NULL,
	"opened_by_name_en" varchar(100) DEFAULT '' NOT NULL,
	"last_upload_day" date NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"last_reply_at" timestamp with time zone,
	"decision_remark" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cost_control_flow" ADD CONSTRAINT "cost_control_flow_measure_ref_cost_control_measures_id_fk" FOREIGN KEY ("measure_ref") REFERENCES "public"."cost_control_measures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigation_answers" ADD CONSTRAINT "investigation_answers_investigation_ref_investigations_id_fk" FOREIGN KEY ("investigation_ref") REFERENCES "public"."investigations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigation_flow" ADD CONSTRAINT "investigation_flow_investigation_ref_investigations_id_fk" FOREIGN KEY ("investigation_ref") REFERENCES "public"."investigations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigations" ADD CONSTRAINT "investigations_batch_ref_claim_batches_id_fk" FOREIGN KEY ("batch_ref") REFERENCES "public"."claim_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigations" ADD CONSTRAINT "investigations_line_ref_claim_lines_id_fk" FOREIGN KEY ("line_ref") REFERENCES "public"."claim_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cost_control_flow_tenant_idx" ON "cost_control_flow" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "cost_control_flow_measure_idx" ON "cost_control_flow" USING btree ("measure_ref","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_control_measures_no_uq" ON "cost_control_measures" USING btree ("tenant_id","measure_no");--> statement-breakpoint
CREATE INDEX "cost_control_measures_tenant_idx" ON "cost_control_measures" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "cost_control_measures_provider_idx" ON "cost_control_measures" USING btree ("tenant_id","provider_id","status","valid_from");--> statement-breakpoint
CREATE INDEX "investigation_answers_tenant_idx" ON "investigation_answers" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "investigation_answers_case_idx" ON "investigation_answers" USING btree ("investigation_ref","created_at");--> statement-breakpoint
CREATE INDEX "investigation_flow_tenant_idx" ON "investigation_flow" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "investigation_flow_case_idx" ON "investigation_flow" USING btree ("investigation_ref","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "investigations_no_uq" ON "investigations" USING btree ("tenant_id","case_no");--> statement-breakpoint
CREATE INDEX "investigations_tenant_idx" ON "investigations" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "investigations_provider_idx" ON "investigations" USING btree ("tenant_id","provider_id","status","created_at");--> statement-breakpoint
CREATE INDEX "investigations_batch_idx" ON "investigations" USING btree ("tenant_id","batch_ref");--> statement-breakpoint
CREATE INDEX "investigations_due_idx" ON "investigations" USING btree ("status","closes_at");--> statement-breakpoint
CREATE UNIQUE INDEX "investigations_line_open_uq" ON "investigations" USING btree ("line_ref") WHERE status = '01';