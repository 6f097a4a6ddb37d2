ALTER TABLE "messages" ADD COLUMN "search_type" varchar(2) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "criteria" jsonb DEFAULT '{"areaCodes":[],"providerIds":[],"personInChargeIds":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "recipient_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_tenant_updated_idx" ON "messages" USING btree ("tenant_id","updated_at","id");