-- The task lists' substring filters under row-level security (decision 0022). ILIKE is not a
-- leakproof operator, so on a table with a policy PostgreSQL applies it after the policy and
-- never as an index condition: the trigram indexes of 0008 went unused and every filter scanned
-- the tenant's tasks. This lookup runs as the table's owner, so the indexes serve it, and takes
-- the tenant explicitly; it answers nothing for a tenant other than the request's app.tenant_id
-- when that is set, so it opens no door between tenants. It returns ids only.
CREATE FUNCTION hospital_task_ids_like(p_tenant uuid, p_columns text, p_pattern text) RETURNS SETOF uuid
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
    conds := conds || format('%I ILIKE $2', col);
  END LOOP;
  RETURN QUERY EXECUTE format(
    'SELECT id FROM hospital_tasks WHERE tenant_id = $1 AND (%s)',
    array_to_string(conds, ' OR ')
  ) USING p_tenant, p_pattern;
END
$$;
