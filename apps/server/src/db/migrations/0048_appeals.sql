CREATE TABLE "appeal_flow" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"appeal_ref" uuid NOT NULL,
	"action" varchar(24) NOT NULL,
	"from_status" varchar(2) DEFAULT '' NOT NULL,
	"to_status" varchar(2) NOT NULL,
	"operator_id" uuid,
	"operator_name" varchar(100) DEFAULT '' NOT NULL,
	"operator_name_en" varchar(100) DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"appeal_no" varchar(32) NOT NULL,
	"status" varchar(2) DEFAULT '01' NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"batch_ref" uuid NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"line_ref" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"approved_amount" numeric(14, 2),
	"reason" text NOT NULL,
	"submit_count" integer DEFAULT 1 NOT NULL,
	"submitted_by" uuid NOT NULL,
	"submitted_by_name" varchar(100) DEFAULT '' NOT NULL,
	"submitted_by_name_en" varchar(100) DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision_remark" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "appeal_flow" ADD CONSTRAINT "appeal_flow_appeal_ref_appeals_id_fk" FOREIGN KEY ("appeal_ref") REFERENCES "public"."appeals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_batch_ref_claim_batches_id_fk" FOREIGN KEY ("batch_ref") REFERENCES "public"."claim_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_line_ref_claim_lines_id_fk" FOREIGN KEY ("line_ref") REFERENCES "public"."claim_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeal_flow_tenant_idx" ON "appeal_flow" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "appeal_flow_appeal_idx" ON "appeal_flow" USING btree ("appeal_ref","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_no_uq" ON "appeals" USING btree ("tenant_id","appeal_no");--> statement-breakpoint
CREATE INDEX "appeals_tenant_idx" ON "appeals" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "appeals_provider_idx" ON "appeals" USING btree ("tenant_id","provider_id","status","created_at");--> statement-breakpoint
CREATE INDEX "appeals_line_idx" ON "appeals" USING btree ("tenant_id","line_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_line_open_uq" ON "appeals" USING btree ("line_ref") WHERE status in ('01', '02');--> statement-breakpoint
-- Row-level security for the appeal tables (decision 0013): the tenant's own rows only.
ALTER TABLE "appeals" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "appeals" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "appeals" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "appeal_flow" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "appeal_flow" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "appeal_flow" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Appeal numbers: one sequence for every tenant, so a number is never handed out twice.
CREATE SEQUENCE IF NOT EXISTS appeal_no_seq START WITH 1000000001;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE appeal_no_seq TO portal_app;
