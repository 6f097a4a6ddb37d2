CREATE TABLE "error_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"user_id" uuid,
	"account" varchar(30) DEFAULT '' NOT NULL,
	"message" varchar(2000) NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"url" varchar(2000) DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"info" jsonb
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"tenant_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"tenant_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"target" varchar(64) DEFAULT '' NOT NULL,
	CONSTRAINT "message_recipients_message_id_kind_target_pk" PRIMARY KEY("message_id","kind","target")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_en" varchar(200) DEFAULT '' NOT NULL,
	"msg_type" varchar(2) NOT NULL,
	"msg_level" varchar(2) DEFAULT '01' NOT NULL,
	"code" varchar(2) NOT NULL,
	"content" text NOT NULL,
	"en_content" text DEFAULT '' NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	"status" varchar(2) DEFAULT '01' NOT NULL,
	"sender_id" uuid,
	"sender_name" varchar(100) DEFAULT '' NOT NULL,
	"sender_name_en" varchar(200) DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "error_logs_tenant_idx" ON "error_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "message_reads_tenant_idx" ON "message_reads" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "message_reads_user_idx" ON "message_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "message_recipients_tenant_idx" ON "message_recipients" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "message_recipients_target_idx" ON "message_recipients" USING btree ("tenant_id","kind","target");--> statement-breakpoint
CREATE INDEX "messages_tenant_idx" ON "messages" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "messages_tenant_code_idx" ON "messages" USING btree ("tenant_id","code","sent_at");