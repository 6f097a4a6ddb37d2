CREATE TABLE "knowledge_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"kind" varchar(16) NOT NULL,
	"code" varchar(32) NOT NULL,
	"parent_code" varchar(32) DEFAULT '' NOT NULL,
	"level" integer NOT NULL,
	"cn_name" varchar(100) NOT NULL,
	"en_name" varchar(200) NOT NULL,
	"departments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "symptom_disease_bonds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"symptom_id" uuid NOT NULL,
	"disease_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE INDEX "knowledge_terms_tenant_idx" ON "knowledge_terms" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_terms_kind_code_uq" ON "knowledge_terms" USING btree ("tenant_id","kind","code");--> statement-breakpoint
CREATE INDEX "knowledge_terms_parent_idx" ON "knowledge_terms" USING btree ("tenant_id","kind","parent_code");--> statement-breakpoint
CREATE INDEX "symptom_disease_bonds_tenant_idx" ON "symptom_disease_bonds" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "symptom_disease_bonds_uq" ON "symptom_disease_bonds" USING btree ("tenant_id","symptom_id","disease_id");--> statement-breakpoint
CREATE INDEX "symptom_disease_bonds_disease_idx" ON "symptom_disease_bonds" USING btree ("tenant_id","disease_id");--> statement-breakpoint
-- Row-level security on the two new tenant tables, the policy of 0011/0012 (decision 0013).
ALTER TABLE "knowledge_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "knowledge_terms" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "knowledge_terms" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "symptom_disease_bonds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "symptom_disease_bonds" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "symptom_disease_bonds" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portal_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON "knowledge_terms", "symptom_disease_bonds" TO portal_app;
  END IF;
END $$;--> statement-breakpoint
-- Advanced doctor search (decision 0025): a substring index that works for Chinese as for
-- English, pg_bigm's idea in plain SQL. search_grams(text) is every character and every pair of
-- neighbouring characters of the lower-cased text (pairs with white space left out); a text that
-- contains the query contains all of search_query_grams(query) (its pairs, or the one character),
-- so a GIN index on search_grams(...) finds the candidates and ILIKE confirms them. Unlike
-- pg_trgm it serves one- and two-character Chinese queries (most surnames, many disease names).
CREATE FUNCTION search_grams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[])
  FROM (
    SELECT substr(lower(t), i, 1) AS g FROM generate_series(1, length(t)) AS i
    UNION ALL
    SELECT substr(lower(t), i, 2) FROM generate_series(1, length(t) - 1) AS i
  ) grams
  WHERE g !~ '\s'
$$;--> statement-breakpoint
CREATE FUNCTION search_query_grams(q text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN length(q) < 2 THEN ARRAY[lower(q)]
  ELSE (
    SELECT coalesce(array_agg(DISTINCT substr(lower(q), i, 2)), '{}'::text[])
    FROM generate_series(1, length(q) - 1) AS i
    WHERE substr(lower(q), i, 2) !~ '\s'
  ) END
$$;--> statement-breakpoint
CREATE INDEX "doctors_name_grams_idx" ON "doctors" USING gin (search_grams("cn_last_name" || "cn_first_name" || ' ' || "en_first_name" || ' ' || "en_last_name" || ' ' || "en_last_name" || ' ' || "en_first_name"));--> statement-breakpoint
CREATE INDEX "doctors_expertise_grams_idx" ON "doctors" USING gin (search_grams("expertise_cn" || ' ' || "expertise_en"));--> statement-breakpoint
CREATE INDEX "doctor_practices_departments_idx" ON "doctor_practices" USING gin ("departments");--> statement-breakpoint
-- Row-level security keeps the planner from using an index with a condition that is not
-- leakproof (array containment, ILIKE, jsonb ?|): under portal_app the search above read every
-- doctor and computed its grams (7.4 s at 100,000 doctors). search_doctor_ids therefore runs as
-- the owner of the tables (who bypasses row-level security, see README, DATABASE_URL) and
-- takes the tenant explicitly; it answers nothing for a tenant other than the request's
-- app.tenant_id when that is set, so it opens no door between tenants. field: 'name' or
-- 'expertise' (values: texts that must be contained), or 'department' (values: department
-- codes, any of which).
CREATE FUNCTION search_doctor_ids(p_tenant uuid, field text, vals text[]) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  request_tenant text := coalesce(current_setting('app.tenant_id', true), '');
  v text;
  pattern text;
BEGIN
  IF request_tenant <> '' AND request_tenant <> p_tenant::text THEN
    RETURN;
  END IF;
  IF field = 'department' THEN
    RETURN QUERY SELECT p.doctor_id FROM doctor_practices p WHERE p.departments ?| vals AND p.tenant_id = p_tenant;
    RETURN;
  END IF;
  FOREACH v IN ARRAY vals LOOP
    pattern := '%' || replace(replace(replace(v, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    IF field = 'name' THEN
      RETURN QUERY SELECT d.id FROM doctors d
        WHERE search_grams(d.cn_last_name || d.cn_first_name || ' ' || d.en_first_name || ' ' || d.en_last_name || ' ' || d.en_last_name || ' ' || d.en_first_name) @> search_query_grams(v)
          AND (d.cn_last_name || d.cn_first_name || ' ' || d.en_first_name || ' ' || d.en_last_name || ' ' || d.en_last_name || ' ' || d.en_first_name) ILIKE pattern
          AND d.tenant_id = p_tenant;
    ELSIF field = 'expertise' THEN
      RETURN QUERY SELECT d.id FROM doctors d
        WHERE search_grams(d.expertise_cn || ' ' || d.expertise_en) @> search_query_grams(v)
          AND (d.expertise_cn || ' ' || d.expertise_en) ILIKE pattern
          AND d.tenant_id = p_tenant;
    END IF;
  END LOOP;
END
$$;
