CREATE TABLE "invoice_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"batch_ref" uuid NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"payable_amount" numeric(14, 2) NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"title_name" varchar(200),
	"title_name_en" varchar(200),
	"title_tax_no" varchar(32),
	"title_source" varchar(16),
	"title_generated_at" timestamp with time zone,
	"uploaded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"slot_ref" uuid NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"invoice_no" varchar(40) NOT NULL,
	"invoice_code" varchar(12),
	"invoice_key" varchar(64) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"file_id" uuid NOT NULL,
	"recognition" jsonb,
	"uploaded_by" uuid
);
--> statement-breakpoint
ALTER TABLE "invoice_slots" ADD CONSTRAINT "invoice_slots_batch_ref_claim_batches_id_fk" FOREIGN KEY ("batch_ref") REFERENCES "public"."claim_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_slot_ref_invoice_slots_id_fk" FOREIGN KEY ("slot_ref") REFERENCES "public"."invoice_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_slots_batch_uq" ON "invoice_slots" USING btree ("batch_ref","currency");--> statement-breakpoint
CREATE INDEX "invoice_slots_tenant_idx" ON "invoice_slots" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "invoice_slots_provider_idx" ON "invoice_slots" USING btree ("tenant_id","provider_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_key_uq" ON "invoices" USING btree ("tenant_id","invoice_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_file_uq" ON "invoices" USING btree ("tenant_id","file_id");--> statement-breakpoint
CREATE INDEX "invoices_slot_idx" ON "invoices" USING btree ("slot_ref","created_at");