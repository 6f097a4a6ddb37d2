-- The outstanding amount of each claim line, stored and kept by triggers (issue 10, decisions
-- 0022 and 0045): payable_amount + the line's payable adjustments (upheld disputes, approved
-- appeals) - what payment batches to be confirmed (1) or confirmed (2) take of it. The payable
-- page and its sums read the open lines (outstanding > 0) by the partial index
-- claim_lines_open_idx instead of summing every line's payments and adjustments per request.
--
-- One formula, in claim_lines_outstanding_set (a BEFORE row trigger on claim_lines): a new line
-- owes its payable amount (nothing can reference a line before it exists); an update of
-- payable_amount or outstanding_amount recomputes the line from its adjustments and payments.
-- The statement-level triggers on payment_items, payment_batches and claim_payable_adjustments
-- name the lines whose sources changed and rewrite them through that trigger, after locking them
-- in id order. The lock comes first so that the recomputation (a new statement, so a new
-- snapshot under READ COMMITTED) sees what a concurrent writer of the same line committed
-- while this one waited. The functions run with the caller's rights: under row-level security
-- a request only rewrites lines of its own tenant, which are the only ones its rows reference.
ALTER TABLE "claim_lines" ADD COLUMN "outstanding_amount" numeric(14, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
CREATE INDEX "claim_batches_approved_idx" ON "claim_batches" USING btree ("tenant_id","provider_id","decided_at","batch_no") WHERE "claim_batches"."status" = '02';
--> statement-breakpoint
CREATE INDEX "claim_lines_open_idx" ON "claim_lines" USING btree ("batch_ref","row_no") WHERE "claim_lines"."outstanding_amount" > 0;--> statement-breakpoint
CREATE FUNCTION claim_lines_outstanding_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.outstanding_amount := coalesce(NEW.payable_amount, 0);
  ELSE
    NEW.outstanding_amount := coalesce(NEW.payable_amount, 0)
      + coalesce((SELECT sum(a.amount) FROM claim_payable_adjustments a
                   WHERE a.tenant_id = NEW.tenant_id AND a.line_ref = NEW.id), 0)
      - coalesce((SELECT sum(i.claim_amount) FROM payment_items i JOIN payment_batches p ON p.id = i.batch_ref
                   WHERE i.tenant_id = NEW.tenant_id AND i.line_ref = NEW.id AND p.pay_status IN ('1', '2')), 0);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER claim_lines_outstanding_insert BEFORE INSERT ON claim_lines
  FOR EACH ROW EXECUTE FUNCTION claim_lines_outstanding_set();
--> statement-breakpoint
CREATE TRIGGER claim_lines_outstanding_update BEFORE UPDATE OF payable_amount, outstanding_amount ON claim_lines
  FOR EACH ROW EXECUTE FUNCTION claim_lines_outstanding_set();
--> statement-breakpoint
CREATE FUNCTION claim_lines_outstanding_refresh(lines uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF lines IS NULL OR cardinality(lines) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM claim_lines WHERE id = ANY(lines) ORDER BY id FOR UPDATE;
  UPDATE claim_lines SET outstanding_amount = outstanding_amount WHERE id = ANY(lines);
END
$$;
--> statement-breakpoint
CREATE FUNCTION payment_items_outstanding() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE claim_lines SET outstanding_amount = outstanding_amount;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM claim_lines_outstanding_refresh(ARRAY(SELECT DISTINCT line_ref FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM claim_lines_outstanding_refresh(ARRAY(SELECT DISTINCT line_ref FROM old_rows));
  ELSE
    -- Reconciling, disputing and resolving change an item's status only: no line to rewrite.
    PERFORM claim_lines_outstanding_refresh(ARRAY(
      SELECT line_ref FROM (
        (SELECT id, line_ref, batch_ref, claim_amount FROM old_rows
         EXCEPT SELECT id, line_ref, batch_ref, claim_amount FROM new_rows)
        UNION
        (SELECT id, line_ref, batch_ref, claim_amount FROM new_rows
         EXCEPT SELECT id, line_ref, batch_ref, claim_amount FROM old_rows)
      ) changed GROUP BY line_ref));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payment_items_outstanding_insert AFTER INSERT ON payment_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_items_outstanding();
--> statement-breakpoint
CREATE TRIGGER payment_items_outstanding_update AFTER UPDATE ON payment_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_items_outstanding();
--> statement-breakpoint
CREATE TRIGGER payment_items_outstanding_delete AFTER DELETE ON payment_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_items_outstanding();
--> statement-breakpoint
CREATE TRIGGER payment_items_outstanding_truncate AFTER TRUNCATE ON payment_items
  FOR EACH STATEMENT EXECUTE FUNCTION payment_items_outstanding();
--> statement-breakpoint
CREATE FUNCTION payment_batches_outstanding() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE claim_lines SET outstanding_amount = outstanding_amount;
  ELSE
    -- A batch whose items start or stop counting: built (1) or confirmed (2) count, cancelled (3)
    -- does not. Confirming (1 -> 2) rewrites nothing. Deleting a batch deletes its items, whose
    -- own trigger rewrites their lines.
    PERFORM claim_lines_outstanding_refresh(ARRAY(
      SELECT DISTINCT i.line_ref FROM payment_items i JOIN (
        (SELECT id, pay_status IN ('1', '2') AS counts FROM old_rows
         EXCEPT SELECT id, pay_status IN ('1', '2') FROM new_rows)
        UNION
        (SELECT id, pay_status IN ('1', '2') FROM new_rows
         EXCEPT SELECT id, pay_status IN ('1', '2') FROM old_rows)
      ) changed ON changed.id = i.batch_ref));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payment_batches_outstanding_update AFTER UPDATE ON payment_batches
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_batches_outstanding();
--> statement-breakpoint
CREATE TRIGGER payment_batches_outstanding_truncate AFTER TRUNCATE ON payment_batches
  FOR EACH STATEMENT EXECUTE FUNCTION payment_batches_outstanding();
--> statement-breakpoint
CREATE FUNCTION claim_payable_adjustments_outstanding() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE claim_lines SET outstanding_amount = outstanding_amount;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM claim_lines_outstanding_refresh(ARRAY(SELECT DISTINCT line_ref FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM claim_lines_outstanding_refresh(ARRAY(SELECT DISTINCT line_ref FROM old_rows));
  ELSE
    PERFORM claim_lines_outstanding_refresh(ARRAY(
      SELECT line_ref FROM (
        (SELECT id, line_ref, amount FROM old_rows EXCEPT SELECT id, line_ref, amount FROM new_rows)
        UNION
        (SELECT id, line_ref, amount FROM new_rows EXCEPT SELECT id, line_ref, amount FROM old_rows)
      ) changed GROUP BY line_ref));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER claim_payable_adjustments_outstanding_insert AFTER INSERT ON claim_payable_adjustments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION claim_payable_adjustments_outstanding();
--> statement-breakpoint
CREATE TRIGGER claim_payable_adjustments_outstanding_update AFTER UPDATE ON claim_payable_adjustments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION claim_payable_adjustments_outstanding();
--> statement-breakpoint
CREATE TRIGGER claim_payable_adjustments_outstanding_delete AFTER DELETE ON claim_payable_adjustments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION claim_payable_adjustments_outstanding();
--> statement-breakpoint
CREATE TRIGGER claim_payable_adjustments_outstanding_truncate AFTER TRUNCATE ON claim_payable_adjustments
  FOR EACH STATEMENT EXECUTE FUNCTION claim_payable_adjustments_outstanding();
--> statement-breakpoint
-- Backfill: every line that is or was payable, through the row trigger.
UPDATE claim_lines l SET outstanding_amount = outstanding_amount
  WHERE l.payable_amount IS NOT NULL
     OR EXISTS (SELECT 1 FROM claim_payable_adjustments a WHERE a.line_ref = l.id);
