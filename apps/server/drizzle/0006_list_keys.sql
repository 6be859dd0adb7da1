DROP INDEX "companies_name_idx";--> statement-breakpoint
DROP INDEX "customers_name_idx";--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "type" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(trim(first_name || ' ' || last_name))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("firm_id","name_key","id");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("firm_id","name_key","id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_type_check" CHECK (type IN ('trade', 'retail', 'wholesale', 'contractor'));--> statement-breakpoint
DROP TYPE "public"."company_type";--> statement-breakpoint
-- Substring search under row-level security. LIKE is not leakproof, so with RLS on, PostgreSQL
-- will not use a trigram index for it on the app role's behalf and reads every row of the firm
-- instead. This function runs the LIKE as the owner (where the index is usable) and returns only
-- ids of the current firm's rows: nothing RLS would not show. It accepts only tables that carry
-- the firm_isolation policy, a firm_id and a search_text column. Decision 0006.
CREATE FUNCTION firm_rows_matching(p_table regclass, p_patterns text[])
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
          WHERE attrelid = p_table AND attname IN ('firm_id', 'search_text', 'id') AND NOT attisdropped) <> 3 THEN
    RAISE EXCEPTION 'firm_rows_matching: % is not a searchable firm table', p_table;
  END IF;
  FOREACH v_pattern IN ARRAY p_patterns LOOP
    RETURN QUERY EXECUTE format('SELECT id FROM %s WHERE firm_id = $1 AND search_text LIKE $2', p_table)
      USING v_firm, v_pattern;
  END LOOP;
END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION firm_rows_matching(regclass, text[]) TO atelier_app;
