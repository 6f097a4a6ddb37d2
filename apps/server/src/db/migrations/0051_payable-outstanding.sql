-- The outstanding amount of each claim line, stored and kept by triggers (issue 10, decisions
-- 0022 and 0045): payable_amount + the line's payable adjustments (upheld disputes, approved
-- appeals) - what payment batches to be confirmed (1) or confirmed (2) take of it; whether an
-- approved appeal made the line payable (appeal_payable, decision 0049); and per claim batch and
-- currency the count and sum of the open lines (claim_open_totals). The payable page reads its
-- rows by the partial index claim_lines_open_idx and its count and sums per currency from
-- claim_open_totals, instead of summing every line's payments and adjustments per request.
--
-- One formula, in claim_lines_outstanding_set (a BEFORE row trigger on claim_lines): a new line
-- owes its payable amount (nothing can reference a line before it exists); an update of
-- payable_amount, status or outstanding_amount recomputes the line from its adjustments and
-- payments. The statement-level triggers on payment_items, payment_batches and
-- claim_payable_adjustments name the lines whose sources changed and rewrite them through that
-- trigger, after locking them in id order. The lock comes first so that the recomputation (a new
-- statement, so a new snapshot under READ COMMITTED) sees what a concurrent writer of the same
-- line committed while this one waited. claim_open_totals is kept by a statement-level trigger
-- on claim_lines from the row versions each statement replaced and wrote (like task_counts,
-- migration 0017), upserted in key order. The functions run with the caller's rights: under
-- row-level security a request only rewrites lines and totals of its own tenant, which are the
-- only ones its rows reference.
CREATE TABLE "claim_open_totals" (
	"tenant_id" uuid NOT NULL,
	"batch_ref" uuid NOT NULL,
	"currency" varchar(3) NOT NULL,
	"n" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "claim_open_totals_tenant_id_batch_ref_currency_pk" PRIMARY KEY("tenant_id","batch_ref","currency")
);
--> statement-breakpoint
ALTER TABLE "claim_lines" ADD COLUMN "outstanding_amount" numeric(14, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "claim_lines" ADD COLUMN "appeal_payable" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "claim_batches_approved_idx" ON "claim_batches" USING btree ("tenant_id","provider_id","decided_at","batch_no") WHERE "claim_batches"."status" = '02';
--> statement-breakpoint
CREATE INDEX "claim_lines_open_idx" ON "claim_lines" USING btree ("batch_ref","row_no") WHERE "claim_lines"."outstanding_amount" > 0;
--> statement-breakpoint
CREATE FUNCTION claim_lines_outstanding_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.outstanding_amount := coalesce(NEW.payable_amount, 0);
    NEW.appeal_payable := false;
  ELSE
    NEW.outstanding_amount := coalesce(NEW.payable_amount, 0)
      + coalesce((SELECT sum(a.amount) FROM claim_payable_adjustments a
                   WHERE a.tenant_id = NEW.tenant_id AND a.line_ref = NEW.id), 0)
      - coalesce((SELECT sum(i.claim_amount) FROM payment_items i JOIN payment_batches p ON p.id = i.batch_ref
                   WHERE i.tenant_id = NEW.tenant_id AND i.line_ref = NEW.id AND p.pay_status IN ('1', '2')), 0);
    NEW.appeal_payable := EXISTS (SELECT 1 FROM claim_payable_adjustments a
      WHERE a.tenant_id = NEW.tenant_id AND a.line_ref = NEW.id AND a.source_type = 'appeal');
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER claim_lines_outstanding_insert BEFORE INSERT ON claim_lines
  FOR EACH ROW EXECUTE FUNCTION claim_lines_outstanding_set();
--> statement-breakpoint
CREATE TRIGGER claim_lines_outstanding_update
  BEFORE UPDATE OF payable_amount, status, outstanding_amount, appeal_payable ON claim_lines
  FOR EACH ROW EXECUTE FUNCTION claim_lines_outstanding_set();
--> statement-breakpoint
CREATE FUNCTION claim_open_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM claim_open_totals;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO claim_open_totals AS t (tenant_id, batch_ref, currency, n, amount)
    SELECT tenant_id, batch_ref, currency, count(*), sum(outstanding_amount) FROM new_rows
      WHERE outstanding_amount > 0 AND (status = '01' OR appeal_payable)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, batch_ref, currency) DO UPDATE SET n = t.n + excluded.n, amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO claim_open_totals AS t (tenant_id, batch_ref, currency, n, amount)
    SELECT tenant_id, batch_ref, currency, -count(*), -sum(outstanding_amount) FROM old_rows
      WHERE outstanding_amount > 0 AND (status = '01' OR appeal_payable)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, batch_ref, currency) DO UPDATE SET n = t.n + excluded.n, amount = t.amount + excluded.amount;
  ELSE
    INSERT INTO claim_open_totals AS t (tenant_id, batch_ref, currency, n, amount)
    SELECT tenant_id, batch_ref, currency, sum(d), sum(amount) FROM (
        SELECT tenant_id, batch_ref, currency, 1 AS d, outstanding_amount AS amount FROM new_rows
          WHERE outstanding_amount > 0 AND (status = '01' OR appeal_payable)
        UNION ALL
        SELECT tenant_id, batch_ref, currency, -1, -outstanding_amount FROM old_rows
          WHERE outstanding_amount > 0 AND (status = '01' OR appeal_payable)
      ) x
      GROUP BY 1, 2, 3 HAVING sum(d) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, batch_ref, currency) DO UPDATE SET n = t.n + excluded.n, amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER claim_lines_open_totals_insert AFTER INSERT ON claim_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION claim_open_totals_apply();
--> statement-breakpoint
CREATE TRIGGER claim_lines_open_totals_update AFTER UPDATE ON claim_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION claim_open_totals_apply();
--> statement-breakpoint
CREATE TRIGGER claim_lines_open_totals_delete AFTER DELETE ON claim_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION claim_open_totals_apply();
--> statement-breakpoint
CREATE TRIGGER claim_lines_open_totals_truncate AFTER TRUNCATE ON claim_lines
  FOR EACH STATEMENT EXECUTE FUNCTION claim_open_totals_apply();
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
ALTER TABLE claim_open_totals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE claim_open_totals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON claim_open_totals
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Backfill: every line that is or was payable, through the row trigger (its outstanding amount
-- and appeal flag) and the statement trigger (claim_open_totals: the lines start at 0, so the
-- update adds each open line once).
UPDATE claim_lines l SET outstanding_amount = outstanding_amount
  WHERE l.payable_amount IS NOT NULL
     OR EXISTS (SELECT 1 FROM claim_payable_adjustments a WHERE a.line_ref = l.id);
