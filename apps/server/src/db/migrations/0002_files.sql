CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"bucket" varchar(64) NOT NULL,
	"biz_type" varchar(64),
	"biz_id" varchar(64),
	"profile" varchar(16) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"extension" varchar(10) NOT NULL,
	"stored_key" varchar(300) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"crc32" bigint NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploader_provider_id" varchar(64),
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE INDEX "files_tenant_idx" ON "files" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "files_biz_idx" ON "files" USING btree ("tenant_id","biz_type","biz_id");