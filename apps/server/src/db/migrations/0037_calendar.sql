CREATE TABLE "calendar_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(50) NOT NULL,
	"name_en" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_seeded_years" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"year" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "calendar_days_tenant_idx" ON "calendar_days" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_days_tenant_day_uq" ON "calendar_days" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "calendar_seeded_years_tenant_idx" ON "calendar_seeded_years" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_seeded_years_tenant_year_uq" ON "calendar_seeded_years" USING btree ("tenant_id","year");