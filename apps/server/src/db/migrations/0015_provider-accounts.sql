ALTER TABLE "providers" ADD COLUMN "sign_status" varchar(2) DEFAULT '01' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "invoice_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "investigation_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "appointment_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "medical_expense_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "medical_expense_auto_confirm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "account_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "provider_function" varchar(32);