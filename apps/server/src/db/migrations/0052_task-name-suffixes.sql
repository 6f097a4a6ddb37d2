-- The task lists' substring lookup through the suffixes of the providers' ids and names
-- (issue 10, decision 0022, suffix amendment). Every hospital task carries its provider's id and
-- names, and the words all names share ("Hospital", "医院") have one entry per task in the trigram
-- indexes of 0049: a new search for "Hospital 4202" intersected posting lists of all 200,000
-- tasks of the tenant to find its 40 (5-18 ms, most of a new search's time). Trigram indexes of
-- the distinct names alone cost the same (5 ms over 10,000 names): the time goes into the common
-- trigrams, not the rows. A value contains a text exactly when one of its suffixes starts with
-- it, so hospital_task_name_suffixes keeps every suffix of three characters or more of each
-- distinct lower-cased provider id and name (cut to 64 characters), and a search is one range
-- of its pattern index that finds only the values containing the text, however common its
-- words. Their tasks are then read by (tenant, value), and the three trigram indexes of the
-- provider id and names go: nothing else reads them, and every insert and update of a task
-- wrote about 60 trigram entries into them.
--
-- hospital_task_name_values holds each distinct value of a tenant's tasks once, so the trigger
-- cuts the suffixes of a value only when it is new. Both are added in the writing transaction and
-- never removed: a task's names change rarely, and a value no task carries any more finds
-- nothing.
CREATE TABLE "hospital_task_name_suffixes" (
	"tenant_id" uuid NOT NULL,
	"suffix" text NOT NULL,
	"col" varchar(1) NOT NULL,
	"value" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_task_name_values" (
	"tenant_id" uuid NOT NULL,
	"col" varchar(1) NOT NULL,
	"value" varchar(200) NOT NULL,
	CONSTRAINT "hospital_task_name_values_pk" PRIMARY KEY("tenant_id","col","value")
);
--> statement-breakpoint
DROP INDEX "hospital_tasks_tenant_provider_id_trgm_idx";--> statement-breakpoint
DROP INDEX "hospital_tasks_tenant_cn_name_trgm_idx";--> statement-breakpoint
DROP INDEX "hospital_tasks_tenant_en_name_trgm_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "hospital_task_name_suffixes_uq" ON "hospital_task_name_suffixes" USING btree ("tenant_id","suffix" text_pattern_ops,"col","value");--> statement-breakpoint
CREATE INDEX "hospital_tasks_tenant_cn_name_idx" ON "hospital_tasks" USING btree ("tenant_id","provider_cn_name");--> statement-breakpoint
CREATE INDEX "hospital_tasks_tenant_en_name_idx" ON "hospital_tasks" USING btree ("tenant_id","provider_en_name");--> statement-breakpoint
-- The task number keeps its trigram index, without fastupdate: a search reads the whole pending
-- list of entries not yet merged (5.7 ms per lookup after 3,000 updates of tasks; the list grows
-- to gin_pending_list_limit, 4 MB, between vacuums). What is pending now is merged first.
SELECT gin_clean_pending_list('hospital_tasks_tenant_task_no_trgm_idx');--> statement-breakpoint
ALTER INDEX "hospital_tasks_tenant_task_no_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
-- The suffixes of a value. lower() as ILIKE itself folds both sides (in a multibyte encoding it
-- lower-cases the text and the pattern), so value ILIKE '%text%' holds exactly when a suffix of
-- lower(value) starts with lower(text).
CREATE FUNCTION hospital_task_name_suffixes_of(p_value text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT left(substr(lower(p_value), i), 64) FROM generate_series(1, length(lower(p_value)) - 2) AS i
$$;
--> statement-breakpoint
-- Runs with the caller's rights: under row-level security a request only adds the values of its
-- own tenant, the only tasks it can write. ON CONFLICT DO NOTHING takes no lock on an existing
-- row, so writers of one provider's tasks do not queue on it; a status change (known values)
-- costs three probes of the primary key.
CREATE FUNCTION hospital_task_names_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH added AS (
    INSERT INTO hospital_task_name_values (tenant_id, col, value)
    SELECT DISTINCT x.tenant_id, v.col, v.value FROM new_rows x
      CROSS JOIN LATERAL (VALUES ('i', x.provider_id), ('c', x.provider_cn_name), ('e', x.provider_en_name)) AS v(col, value)
    ORDER BY 1, 2, 3
    ON CONFLICT DO NOTHING
    RETURNING tenant_id, col, value
  )
  INSERT INTO hospital_task_name_suffixes (tenant_id, suffix, col, value)
  SELECT DISTINCT a.tenant_id, s.suffix, a.col, a.value
    FROM added a CROSS JOIN LATERAL hospital_task_name_suffixes_of(a.value) AS s(suffix)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER hospital_tasks_names_insert AFTER INSERT ON hospital_tasks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hospital_task_names_add();
--> statement-breakpoint
CREATE TRIGGER hospital_tasks_names_update AFTER UPDATE ON hospital_tasks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hospital_task_names_add();
--> statement-breakpoint
INSERT INTO hospital_task_name_values (tenant_id, col, value)
SELECT DISTINCT x.tenant_id, v.col, v.value FROM hospital_tasks x
  CROSS JOIN LATERAL (VALUES ('i', x.provider_id), ('c', x.provider_cn_name), ('e', x.provider_en_name)) AS v(col, value);
--> statement-breakpoint
INSERT INTO hospital_task_name_suffixes (tenant_id, suffix, col, value)
SELECT DISTINCT n.tenant_id, s.suffix, n.col, n.value
  FROM hospital_task_name_values n CROSS JOIN LATERAL hospital_task_name_suffixes_of(n.value) AS s(suffix);
--> statement-breakpoint
ANALYZE hospital_task_name_values;
--> statement-breakpoint
ANALYZE hospital_task_name_suffixes;
--> statement-breakpoint
ALTER TABLE hospital_task_name_values ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE hospital_task_name_values FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON hospital_task_name_values
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE hospital_task_name_suffixes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE hospital_task_name_suffixes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON hospital_task_name_suffixes
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Same arguments, guard and answer as 0049: the ids of the scope's tasks whose named columns
-- contain the pattern. The task number is looked up in its own trigram index. The provider id and
-- names go through the suffixes when the pattern is what the lists send, '%' || text || '%' with
-- the text's wildcards escaped and a text of three characters or more: the values with a suffix
-- that starts with the text's first 64 characters, lower-cased, whose value matches the pattern
-- (for a text longer than a suffix), then each value's tasks. Any other pattern is matched
-- against the scope's tasks one by one (the lists never send one).
CREATE OR REPLACE FUNCTION hospital_task_ids_like(p_tenant uuid, p_provider text, p_columns text, p_pattern text)
RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $$
DECLARE
  request_tenant text := coalesce(current_setting('app.tenant_id', true), '');
  provider text := CASE WHEN p_provider IS NULL THEN '' ELSE ' AND t.provider_id = $2' END;
  escaped text := substr(p_pattern, 2, greatest(length(p_pattern) - 2, 0));
  plain text := lower(regexp_replace(escaped, '\\(.)', '\1', 'g'));
  by_suffix boolean;
  col text;
  parts text[] := '{}';
BEGIN
  IF request_tenant <> '' AND request_tenant <> p_tenant::text THEN
    RETURN;
  END IF;
  by_suffix := left(p_pattern, 1) = '%' AND right(p_pattern, 1) = '%'
    AND regexp_replace(escaped, '\\.', '', 'g') !~ '[%_\\]'
    AND length(plain) >= 3;
  FOREACH col IN ARRAY string_to_array(p_columns, ',') LOOP
    IF col NOT IN ('task_no', 'provider_id', 'provider_cn_name', 'provider_en_name') THEN
      RAISE EXCEPTION 'hospital_task_ids_like: not a searchable column: %', col;
    END IF;
    IF col <> 'task_no' AND by_suffix THEN
      -- The values of the column containing the text, then each value's tasks by (tenant,
      -- value); OFFSET 0 keeps them one value after the other, on the btree of the value.
      parts := parts || format(
        'SELECT x.id FROM (SELECT DISTINCT s.value FROM hospital_task_name_suffixes s
            WHERE s.tenant_id = $1 AND s.col = %L AND s.suffix LIKE $4 AND s.value ILIKE $3) m
          CROSS JOIN LATERAL (SELECT t.id FROM hospital_tasks t
            WHERE t.tenant_id = $1 AND t.%I = m.value%s OFFSET 0) x',
        CASE col WHEN 'provider_id' THEN 'i' WHEN 'provider_cn_name' THEN 'c' ELSE 'e' END, col, provider);
    ELSE
      parts := parts || format('SELECT t.id FROM hospital_tasks t WHERE t.tenant_id = $1%s AND t.%I ILIKE $3',
        provider, col);
    END IF;
  END LOOP;
  IF cardinality(parts) = 0 THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE array_to_string(parts, ' UNION ')
    USING p_tenant, p_provider, p_pattern,
      regexp_replace(left(plain, 64), '([\\%_])', '\\\1', 'g') || '%';
END
$$;
