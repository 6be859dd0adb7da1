-- Global search narrowed to some kinds (say, accounts only) filters inside the function, on the
-- rows the trigram index found, instead of looking up every match of every kind first.
-- p_kinds applies only to tables with an entity_type column (the search index).
DROP FUNCTION firm_rows_matching(regclass, text[]);
--> statement-breakpoint
CREATE FUNCTION firm_rows_matching(p_table regclass, p_patterns text[], p_kinds text[] DEFAULT NULL)
RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public ROWS 200 AS $$
DECLARE
  v_firm uuid := NULLIF(current_setting('app.firm_id', true), '')::uuid;
  v_pattern text;
BEGIN
  IF v_firm IS NULL THEN
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_policy WHERE polrelid = p_table AND polname = 'firm_isolation')
     OR (SELECT count(*) FROM pg_attribute
          WHERE attrelid = p_table AND attname IN ('firm_id', 'search_text', 'id') AND NOT attisdropped) <> 3
     OR (p_kinds IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_attribute
          WHERE attrelid = p_table AND attname = 'entity_type' AND NOT attisdropped)) THEN
    RAISE EXCEPTION 'firm_rows_matching: % is not a searchable firm table', p_table;
  END IF;
  FOREACH v_pattern IN ARRAY p_patterns LOOP
    IF p_kinds IS NULL THEN
      RETURN QUERY EXECUTE format('SELECT id FROM %s WHERE firm_id = $1 AND search_text LIKE $2', p_table)
        USING v_firm, v_pattern;
    ELSE
      RETURN QUERY EXECUTE format(
        'SELECT id FROM %s WHERE firm_id = $1 AND search_text LIKE $2 AND entity_type = ANY ($3)', p_table)
        USING v_firm, v_pattern, p_kinds;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION firm_rows_matching(regclass, text[], text[]) TO atelier_app;
