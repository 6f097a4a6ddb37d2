CREATE TABLE "organisation_providers" (
	"tenant_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	CONSTRAINT "organisation_providers_tenant_id_provider_id_pk" PRIMARY KEY("tenant_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"parent_id" uuid,
	"path" uuid[] NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"org_type" varchar(20) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_organisations" (
	"tenant_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	CONSTRAINT "role_organisations_role_id_organisation_id_pk" PRIMARY KEY("role_id","organisation_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "org_id" uuid;--> statement-breakpoint
CREATE INDEX "organisation_providers_tenant_idx" ON "organisation_providers" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "organisation_providers_org_idx" ON "organisation_providers" USING btree ("tenant_id","organisation_id");--> statement-breakpoint
CREATE INDEX "organisations_tenant_idx" ON "organisations" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "organisations_parent_idx" ON "organisations" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_sibling_name_uq" ON "organisations" USING btree ("tenant_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_sibling_name_en_uq" ON "organisations" USING btree ("tenant_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name_en"));--> statement-breakpoint
CREATE INDEX "role_organisations_tenant_idx" ON "role_organisations" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "role_organisations_org_idx" ON "role_organisations" USING btree ("tenant_id","organisation_id");--> statement-breakpoint
CREATE INDEX "users_tenant_org_idx" ON "users" USING btree ("tenant_id","org_id");