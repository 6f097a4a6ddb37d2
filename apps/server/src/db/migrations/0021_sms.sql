CREATE TABLE "sms_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"request_key" uuid NOT NULL,
	"sender_id" uuid,
	"sender_account" varchar(64) DEFAULT '' NOT NULL,
	"sender_name" varchar(100) DEFAULT '' NOT NULL,
	"sender_name_en" varchar(100) DEFAULT '' NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"batch_id" uuid NOT NULL,
	"phone" varchar(20) NOT NULL,
	"recipient_name" varchar(100) DEFAULT '' NOT NULL,
	"provider_id" varchar(64) DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"provider_message_id" varchar(128) DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_batch_id_sms_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sms_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_batches_tenant_idx" ON "sms_batches" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_batches_request_key_uq" ON "sms_batches" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "sms_outbox_tenant_idx" ON "sms_outbox" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_batch_idx" ON "sms_outbox" USING btree ("batch_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_batch_phone_uq" ON "sms_outbox" USING btree ("batch_id","phone");--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_recent_idx" ON "sms_outbox" USING btree ("tenant_id","last_attempt_at");