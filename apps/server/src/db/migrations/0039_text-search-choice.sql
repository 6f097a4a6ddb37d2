-- The task lists' substring filters of three characters or more (decision 0022, text-search
-- amendment): the list chooses per search between the owner-run trigram lookup of 0014 and a
-- walk with ILIKE, from the planner's estimates (in scope, matching in scope, matching in every
-- tenant: what the lookup reads), which only the owner can
-- have (under row-level security the planner does not use the column statistics for a
-- non-leakproof operator). VOLATILE: EXPLAIN is refused in a stable function. Answers nothing
-- for a tenant other than the request's app.tenant_id.
CREATE FUNCTION hospital_task_like_estimate(
  p_tenant uuid, p_provider text, p_columns text, p_pattern text,
  OUT scope_rows real, OUT matching_rows real, OUT all_matching_rows real
)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  request_tenant text := coalesce(current_setting('app.tenant_id', true), '');
  col text;
  conds text[] := '{}';
  scope text := format('tenant_id = %L', p_tenant);
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
  EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM hospital_tasks WHERE %s', array_to_string(conds, ' OR '))
    INTO plan;
  all_matching_rows := (plan->0->'Plan'->>'Plan Rows')::real;
END
$$;
--> statement-breakpoint
-- The searchable columns beside tenant and provider, so the ILIKE walk of a capped count reads
-- this index alone (an index-only scan of the tenant's or the provider's range), not the wide
-- task rows. A separate index, not INCLUDE columns on the order indexes: those would make every
-- deep page's offset walk read about twice the index pages. drizzle-orm has no INCLUDE, so
-- hospital-tasks.tables.ts names it in a comment only.
CREATE INDEX hospital_tasks_search_idx ON hospital_tasks USING btree (tenant_id, provider_id)
  INCLUDE (task_no, provider_cn_name, provider_en_name);
