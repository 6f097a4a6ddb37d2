-- The message centre's inbox (decision 0032, amendment "messages at scale"): each recipient row
-- carries copies of its message's status, code, sent time and validity, so a user's count and
-- page are an index-only walk of their own recipient ranges instead of one message lookup per
-- received message. The copies are written only by the triggers below, in the writing
-- statement's transaction: filled when a recipient row is inserted (whoever inserts it: the
-- sending screens, insertMessage, a bulk INSERT … SELECT) and rewritten when the message's status,
-- code, sent time or validity changes (send, modify, withdraw). The functions run with the
-- caller's rights: under row-level security a request reads and writes only its own tenant's
-- rows, which are the only messages and recipients it can write.
ALTER TABLE "message_recipients" ADD COLUMN "status" varchar(2) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD COLUMN "code" varchar(2) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD COLUMN "valid_to" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION message_recipients_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT m.status, m.code, m.sent_at, m.valid_from, m.valid_to
    INTO NEW.status, NEW.code, NEW.sent_at, NEW.valid_from, NEW.valid_to
    FROM messages m WHERE m.id = NEW.message_id AND m.tenant_id = NEW.tenant_id;
  IF NOT FOUND THEN
    NEW.status := '';
    NEW.code := '';
    NEW.sent_at := NULL;
    NEW.valid_from := NULL;
    NEW.valid_to := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER message_recipients_copy BEFORE INSERT OR UPDATE OF message_id, tenant_id ON message_recipients
  FOR EACH ROW EXECUTE FUNCTION message_recipients_copy();
--> statement-breakpoint
CREATE FUNCTION messages_recipients_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE message_recipients r
     SET status = NEW.status, code = NEW.code, sent_at = NEW.sent_at,
         valid_from = NEW.valid_from, valid_to = NEW.valid_to
   WHERE r.message_id = NEW.id AND r.tenant_id = NEW.tenant_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_recipients_sync AFTER UPDATE OF status, code, sent_at, valid_from, valid_to ON messages
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.code IS DISTINCT FROM NEW.code
    OR OLD.sent_at IS DISTINCT FROM NEW.sent_at OR OLD.valid_from IS DISTINCT FROM NEW.valid_from
    OR OLD.valid_to IS DISTINCT FROM NEW.valid_to)
  EXECUTE FUNCTION messages_recipients_sync();
--> statement-breakpoint
UPDATE message_recipients r
   SET status = m.status, code = m.code, sent_at = m.sent_at, valid_from = m.valid_from, valid_to = m.valid_to
  FROM messages m
 WHERE m.id = r.message_id AND m.tenant_id = r.tenant_id;
--> statement-breakpoint
CREATE INDEX "message_reads_tenant_user_idx" ON "message_reads" USING btree ("tenant_id","user_id","message_id");--> statement-breakpoint
CREATE INDEX "message_recipients_inbox_idx" ON "message_recipients" USING btree ("tenant_id","kind","target","sent_at" DESC NULLS FIRST,"message_id" DESC NULLS FIRST,"code","valid_from","valid_to") WHERE status = '01';
