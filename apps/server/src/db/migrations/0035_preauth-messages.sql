CREATE TABLE "preauth_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"case_ref" uuid NOT NULL,
	"side" varchar(8) NOT NULL,
	"author_id" uuid NOT NULL,
	"author_name" varchar(100) DEFAULT '' NOT NULL,
	"author_name_en" varchar(100) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "preauth_messages" ADD CONSTRAINT "preauth_messages_case_ref_preauth_cases_id_fk" FOREIGN KEY ("case_ref") REFERENCES "public"."preauth_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preauth_messages_tenant_idx" ON "preauth_messages" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "preauth_messages_case_idx" ON "preauth_messages" USING btree ("case_ref","created_at");