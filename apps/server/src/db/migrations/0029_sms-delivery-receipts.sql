ALTER TABLE "sms_outbox" ADD COLUMN "delivery" varchar(12) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "receipt_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "next_receipt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sms_outbox_receipt_due_idx" ON "sms_outbox" USING btree ("delivery","next_receipt_at");