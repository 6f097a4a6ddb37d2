CREATE TABLE "security_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"account" varchar(30) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"event" varchar(32) NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"request_id" varchar(64) DEFAULT '' NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "security_events_tenant_idx" ON "security_events" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "security_events_account_idx" ON "security_events" USING btree ("tenant_id","account","created_at");--> statement-breakpoint
-- Append-only (decision 0021): no UPDATE or TRUNCATE ever, and DELETE only inside a transaction of
-- the retention cleaner, which sets portal.log_retention = 'on' for that transaction alone.
CREATE FUNCTION "security_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('portal.log_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'security_events is append-only (%)', TG_OP USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "security_events_append_only" BEFORE UPDATE OR DELETE ON "security_events"
  FOR EACH ROW EXECUTE FUNCTION "security_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "security_events_no_truncate" BEFORE TRUNCATE ON "security_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "security_events_append_only"();
