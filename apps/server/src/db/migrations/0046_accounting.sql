CREATE TABLE "claim_payable_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"line_ref" uuid NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"source_type" varchar(16) NOT NULL,
	"source_id" varchar(64) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "claim_payable_adjustments_amount_ck" CHECK ("claim_payable_adjustments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"pay_batch_no" varchar(32) NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"invoice_currency" varchar(3) NOT NULL,
	"rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pay_status" varchar(1) DEFAULT '1' NOT NULL,
	"reconcile_status" varchar(1) DEFAULT '1' NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"total_amount" numeric(16, 2) NOT NULL,
	"open_disputes" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"built_by" uuid,
	"built_by_name" varchar(100) DEFAULT '' NOT NULL,
	"built_by_name_en" varchar(100) DEFAULT '' NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_date" date,
	"bank_reference" varchar(64) DEFAULT '' NOT NULL,
	"confirmed_by" uuid,
	"confirmed_by_name" varchar(100) DEFAULT '' NOT NULL,
	"confirmed_by_name_en" varchar(100) DEFAULT '' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"reconciled_at" timestamp with time zone,
	CONSTRAINT "payment_batches_total_ck" CHECK ("payment_batches"."total_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_flow" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"batch_ref" uuid NOT NULL,
	"action" varchar(16) NOT NULL,
	"item_ref" uuid,
	"from_status" varchar(4) DEFAULT '' NOT NULL,
	"to_status" varchar(4) NOT NULL,
	"operator_id" uuid,
	"operator_name" varchar(100) DEFAULT '' NOT NULL,
	"operator_name_en" varchar(100) DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"batch_ref" uuid NOT NULL,
	"line_ref" uuid NOT NULL,
	"claim_batch_ref" uuid NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"claim_currency" varchar(3) NOT NULL,
	"claim_amount" numeric(14, 2) NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"reconciled_by" uuid,
	"reconciled_at" timestamp with time zone,
	"dispute_reason_code" varchar(8) DEFAULT '' NOT NULL,
	"dispute_reason" text DEFAULT '' NOT NULL,
	"disputed_by" uuid,
	"disputed_at" timestamp with time zone,
	"resolution" varchar(16) DEFAULT '' NOT NULL,
	"resolution_amount" numeric(14, 2),
	"resolution_reply" text DEFAULT '' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "payment_items_amount_ck" CHECK ("payment_items"."claim_amount" > 0 and "payment_items"."amount" > 0 and "payment_items"."rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "claim_payable_adjustments" ADD CONSTRAINT "claim_payable_adjustments_line_ref_claim_lines_id_fk" FOREIGN KEY ("line_ref") REFERENCES "public"."claim_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_flow" ADD CONSTRAINT "payment_flow_batch_ref_payment_batches_id_fk" FOREIGN KEY ("batch_ref") REFERENCES "public"."payment_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_batch_ref_payment_batches_id_fk" FOREIGN KEY ("batch_ref") REFERENCES "public"."payment_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_line_ref_claim_lines_id_fk" FOREIGN KEY ("line_ref") REFERENCES "public"."claim_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_claim_batch_ref_claim_batches_id_fk" FOREIGN KEY ("claim_batch_ref") REFERENCES "public"."claim_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_payable_adjustments_source_uq" ON "claim_payable_adjustments" USING btree ("tenant_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "claim_payable_adjustments_line_idx" ON "claim_payable_adjustments" USING btree ("tenant_id","line_ref");--> statement-breakpoint
CREATE INDEX "claim_payable_adjustments_month_idx" ON "claim_payable_adjustments" USING btree ("tenant_id","provider_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batches_no_uq" ON "payment_batches" USING btree ("tenant_id","pay_batch_no");--> statement-breakpoint
CREATE INDEX "payment_batches_tenant_idx" ON "payment_batches" USING btree ("tenant_id","pay_status","built_at");--> statement-breakpoint
CREATE INDEX "payment_batches_provider_idx" ON "payment_batches" USING btree ("tenant_id","provider_id","pay_status","built_at");--> statement-breakpoint
CREATE INDEX "payment_batches_paid_idx" ON "payment_batches" USING btree ("tenant_id","paid_date");--> statement-breakpoint
CREATE INDEX "payment_flow_tenant_idx" ON "payment_flow" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "payment_flow_batch_idx" ON "payment_flow" USING btree ("batch_ref","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_items_line_uq" ON "payment_items" USING btree ("batch_ref","line_ref");--> statement-breakpoint
CREATE INDEX "payment_items_tenant_idx" ON "payment_items" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "payment_items_line_idx" ON "payment_items" USING btree ("tenant_id","line_ref");