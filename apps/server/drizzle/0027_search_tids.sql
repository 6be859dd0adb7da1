-- A list's search (`q`) as the row versions it matches, for a TID scan: the list then reads each
-- match once, where `id IN (firm_rows_matching(...))` found it by the trigram index and then
-- looked it up again by its primary key (1,722 lookups for "walnut pantry" in 1,000,000
-- products). Called inside a scalar sub-select, so the planner does not run it to estimate.
-- One snapshot: the function is STABLE, so the row versions are the ones the calling query sees.
--
-- The trigram index leads with firm_id, which lets a small firm's search skip the rest of a
-- shared table; for a firm that is most of the table that key only adds work (its posting list
-- is every row), so it is left to the recheck then, by the column's statistics.
CREATE FUNCTION firm_tids_matching(p_table regclass, p_patterns text[], p_kinds text[] DEFAULT NULL)
RETURNS tid[]
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  v_firm uuid := NULLIF(current_setting('app.firm_id', true), '')::uuid;
  v_share real;
  v_firm_cond text;
  v_found tid[];
  v_out tid[] := '{}';
  v_pattern text;
BEGIN
  IF v_firm IS NULL THEN
    RETURN v_out;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_policy WHERE polrelid = p_table AND polname = 'firm_isolation')
     OR (SELECT count(*) FROM pg_attribute
          WHERE attrelid = p_table AND attname IN ('firm_id', 'search_text', 'id') AND NOT attisdropped) <> 3
     OR (p_kinds IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_attribute
          WHERE attrelid = p_table AND attname = 'entity_type' AND NOT attisdropped)) THEN
    RAISE EXCEPTION 'firm_tids_matching: % is not a searchable firm table', p_table;
  END IF;
  SELECT s.most_common_freqs[array_position(s.most_common_vals::text::uuid[], v_firm)] INTO v_share
    FROM pg_stats s
   WHERE s.schemaname = 'public' AND s.tablename = (SELECT relname FROM pg_class WHERE oid = p_table)
     AND s.attname = 'firm_id';
  v_firm_cond := CASE WHEN COALESCE(v_share, 0) > 0.5 THEN '(firm_id = $1) IS TRUE' ELSE 'firm_id = $1' END;
  FOREACH v_pattern IN ARRAY p_patterns LOOP
    IF p_kinds IS NULL THEN
      EXECUTE format('SELECT array_agg(ctid) FROM %s WHERE %s AND search_text LIKE $2', p_table, v_firm_cond)
        INTO v_found USING v_firm, v_pattern;
    ELSE
      EXECUTE format('SELECT array_agg(ctid) FROM %s WHERE %s AND search_text LIKE $2 AND entity_type = ANY ($3)',
        p_table, v_firm_cond)
        INTO v_found USING v_firm, v_pattern, p_kinds;
    END IF;
    v_out := v_out || COALESCE(v_found, '{}');
  END LOOP;
  RETURN v_out;
END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION firm_tids_matching(regclass, text[], text[]) TO atelier_app;
