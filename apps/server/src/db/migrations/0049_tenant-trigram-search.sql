-- The task lists' substring filters in a large tenant (issue 10, decision 0022, tenant-led
-- trigram amendment). The trigram indexes of 0008 held every tenant's tasks, so the owner-run
-- lookup of 0014 found the matches of all tenants (22,200 for "Hospital 42" at 1,000,000 tasks)
-- and rechecked each row before keeping the tenant's (4,440). Led by the tenant (btree_gin gives
-- uuid a GIN operator class), one index scan intersects the tenant's entries with the pattern's
-- trigrams, and the lookup reads only the tenant's matches.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "hospital_tasks_task_no_trgm_idx";--> statement-breakpoint
DROP INDEX "hospital_tasks_provider_id_trgm_idx";--> statement-breakpoint
DROP INDEX "hospital_tasks_cn_name_trgm_idx";--> statement-breakpoint
DROP INDEX "hospital_tasks_en_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "hospital_tasks_tenant_task_no_trgm_idx" ON "hospital_tasks" USING gin ("tenant_id","task_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hospital_tasks_tenant_provider_id_trgm_idx" ON "hospital_tasks" USING gin ("tenant_id","provider_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hospital_tasks_tenant_cn_name_trgm_idx" ON "hospital_tasks" USING gin ("tenant_id","provider_cn_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hospital_tasks_tenant_en_name_trgm_idx" ON "hospital_tasks" USING gin ("tenant_id","provider_en_name" gin_trgm_ops);--> statement-breakpoint
-- The lookup takes the provider too (null: the whole tenant), so a provider's list gets only its
-- own matches back. Same guard as 0014: nothing for a tenant other than the request's.
DROP FUNCTION hospital_task_ids_like(uuid, text, text);--> statement-breakpoint
CREATE FUNCTION hospital_task_ids_like(p_tenant uuid, p_provider text, p_columns text, p_pattern text)
RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $$
DECLARE
  request_tenant text := coalesce(current_setting('app.tenant_id', true), '');
  col text;
  conds text[] := '{}';
BEGIN
  IF request_tenant <> '' AND request_tenant <> p_tenant::text THEN
    RETURN;
  END IF;
  FOREACH col IN ARRAY string_to_array(p_columns, ',') LOOP
    IF col NOT IN ('task_no', 'provider_id', 'provider_cn_name', 'provider_en_name') THEN
      RAISE EXCEPTION 'hospital_task_ids_like: not a searchable column: %', col;
    END IF;
    conds := conds || format('%I ILIKE $3', col);
  END LOOP;
  RETURN QUERY EXECUTE format(
    'SELECT id FROM hospital_tasks WHERE tenant_id = $1 %s AND (%s)',
    CASE WHEN p_provider IS NULL THEN '' ELSE 'AND provider_id = $2' END,
    array_to_string(conds, ' OR ')
  ) USING p_tenant, p_provider, p_pattern;
END
$$;--> statement-breakpoint
-- The estimates of the choice: in scope, matching in scope, and what the lookup now reads: the
-- tenant's matches (the provider is checked on the rows the index finds).
DROP FUNCTION hospital_task_like_estimate(uuid, text, text, text);--> statement-breakpoint
CREATE FUNCTION hospital_task_like_estimate(
  p_tenant uuid, p_provider text, p_columns text, p_pattern text,
  OUT scope_rows real, OUT matching_rows real, OUT lookup_rows real
)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  request_tenant text := coalesce(current_setting('app.tenant_id', true), '');
  col text;
  conds text[] := '{}';
  tenant text := format('tenant_id = %L', p_tenant);
  scope text := tenant;
  plan json;
BEGIN
  IF request_tenant <> '' AND request_tenant <> p_tenant::text THEN
    RETURN;
  END IF;
  FOREACH col IN ARRAY string_to_array(p_columns, ',') LOOP
    IF col NOT IN ('task_no', 'provider_id', 'provider_cn_name', 'provider_en_name') THEN
      RAISE EXCEPTION 'hospital_task_like_estimate: not a searchable column: %', col;
    END IF;
    conds := conds || format('%I ILIKE %L', col, p_pattern);
  END LOOP;
  IF p_provider IS NOT NULL THEN
    scope := scope || format(' AND provider_id = %L', p_provider);
  END IF;
  EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM hospital_tasks WHERE %s', scope) INTO plan;
  scope_rows := (plan->0->'Plan'->>'Plan Rows')::real;
  EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM hospital_tasks WHERE %s AND (%s)', scope,
    array_to_string(conds, ' OR ')) INTO plan;
  matching_rows := (plan->0->'Plan'->>'Plan Rows')::real;
  IF p_provider IS NULL THEN
    lookup_rows := matching_rows;
  ELSE
    EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM hospital_tasks WHERE %s AND (%s)', tenant,
      array_to_string(conds, ' OR ')) INTO plan;
    lookup_rows := (plan->0->'Plan'->>'Plan Rows')::real;
  END IF;
END
$$;
--> statement-breakpoint
-- A provider's tasks all lie in one tenant, but the planner multiplies the two shares: at
-- 1,000,000 tasks it put hospital P10001 of demo at 10,213 tasks instead of 50,001, and the
-- choice above walked its searches. Statistics of the pair correct the estimate.
CREATE STATISTICS IF NOT EXISTS hospital_tasks_tenant_provider_stats (dependencies, mcv)
  ON tenant_id, provider_id FROM hospital_tasks;--> statement-breakpoint
ANALYZE hospital_tasks;
