CREATE TABLE "store_combos" (
	"firm_id" uuid NOT NULL,
	"category_key" uuid NOT NULL,
	"facet_ids" uuid[] NOT NULL,
	"price_band" smallint NOT NULL,
	"on_sale" boolean NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_combos_firm_id_category_key_facet_ids_price_band_on_sale_pk" PRIMARY KEY("firm_id","category_key","facet_ids","price_band","on_sale")
);
--> statement-breakpoint
ALTER TABLE "store_combos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "store_words" (
	"firm_id" uuid NOT NULL,
	"word" text NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_words_firm_id_word_pk" PRIMARY KEY("firm_id","word")
);
--> statement-breakpoint
ALTER TABLE "store_words" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "store_combos" ADD CONSTRAINT "store_combos_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_words" ADD CONSTRAINT "store_words_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "store_combos" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("store_combos"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("store_combos"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "store_words" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("store_words"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("store_words"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);
--> statement-breakpoint
-- Edit distance for typo correction (levenshtein); "trusted", as pg_trgm: the owner may create it.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
-- The store's search (issue 25, decision 0050). The words of a product's search text that a typo
-- is corrected against: letters only, 3 to 40 of them, each once, in order (numbers and SKUs are
-- searched as typed, never corrected).
CREATE FUNCTION store_words_of(p_text text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(array_agg(DISTINCT w ORDER BY w), '{}'::text[])
    FROM regexp_split_to_table(p_text, '[^[:alpha:]]+') AS w
   WHERE length(w) BETWEEN 3 AND 40
$$;
--> statement-breakpoint
-- What the store shows is counted in the same transaction as every write of a product: its
-- (category, facets, price band, on sale) combination and its words, for active products not
-- archived. Rows are upserted in key order, so two writers never wait on each other's rows in
-- opposite orders; a write that changes neither touches nothing.
CREATE FUNCTION store_search_track() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_firm uuid;
  v_nil CONSTANT uuid := '00000000-0000-0000-0000-000000000000';
  v_was_on boolean := false;
  v_now_on boolean := false;
  v_was_cat uuid;
  v_was_facets uuid[];
  v_was_band smallint;
  v_was_sale boolean;
  v_now_cat uuid;
  v_now_facets uuid[];
  v_now_band smallint;
  v_now_sale boolean;
  v_was_words text[] := '{}'::text[];
  v_now_words text[] := '{}'::text[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    v_firm := OLD.firm_id;
    v_was_on := OLD.status = 'active' AND OLD.archived_at IS NULL;
    IF v_was_on THEN
      v_was_cat := COALESCE(OLD.category_id, v_nil);
      v_was_facets := OLD.facet_ids;
      v_was_band := product_price_band(OLD.price_cents);
      v_was_sale := COALESCE(OLD.compare_at_cents > OLD.price_cents, false);
      v_was_words := store_words_of(OLD.search_text);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    v_firm := NEW.firm_id;
    v_now_on := NEW.status = 'active' AND NEW.archived_at IS NULL;
    IF v_now_on THEN
      v_now_cat := COALESCE(NEW.category_id, v_nil);
      v_now_facets := NEW.facet_ids;
      v_now_band := product_price_band(NEW.price_cents);
      v_now_sale := COALESCE(NEW.compare_at_cents > NEW.price_cents, false);
      v_now_words := store_words_of(NEW.search_text);
    END IF;
  END IF;
  IF (v_was_cat, v_was_facets, v_was_band, v_was_sale) IS DISTINCT FROM (v_now_cat, v_now_facets, v_now_band, v_now_sale) THEN
    INSERT INTO store_combos AS c (firm_id, category_key, facet_ids, price_band, on_sale, products)
    SELECT v_firm, cat, facets, band, sale, sum(d)::int FROM (
      SELECT v_now_cat AS cat, v_now_facets AS facets, v_now_band AS band, v_now_sale AS sale, 1 AS d WHERE v_now_on
      UNION ALL
      SELECT v_was_cat, v_was_facets, v_was_band, v_was_sale, -1 WHERE v_was_on
    ) x GROUP BY cat, facets, band, sale HAVING sum(d) <> 0 ORDER BY cat, facets, band, sale
    ON CONFLICT (firm_id, category_key, facet_ids, price_band, on_sale)
      DO UPDATE SET products = c.products + EXCLUDED.products;
  END IF;
  IF v_was_words <> v_now_words THEN
    INSERT INTO store_words AS w (firm_id, word, products)
    SELECT v_firm, k, sum(d)::int FROM (
      SELECT unnest(v_now_words) AS k, 1 AS d UNION ALL SELECT unnest(v_was_words), -1
    ) x GROUP BY k HAVING sum(d) <> 0 ORDER BY k
    ON CONFLICT (firm_id, word) DO UPDATE SET products = w.products + EXCLUDED.products;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_store_search
AFTER INSERT OR DELETE OR UPDATE OF status, archived_at, category_id, facet_ids, filter_value_ids, price_cents, compare_at_cents, search_text
ON products FOR EACH ROW EXECUTE FUNCTION store_search_track();
--> statement-breakpoint
-- Recounts, for a drift check and after a bulk load with the triggers off.
CREATE FUNCTION store_combos_actual(p_firm uuid)
RETURNS TABLE (category_key uuid, facet_ids uuid[], price_band smallint, on_sale boolean, products integer)
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(p.category_id, '00000000-0000-0000-0000-000000000000'::uuid), p.facet_ids,
         product_price_band(p.price_cents), COALESCE(p.compare_at_cents > p.price_cents, false), count(*)::int
    FROM products p
   WHERE p.firm_id = p_firm AND p.status = 'active' AND p.archived_at IS NULL
   GROUP BY 1, 2, 3, 4
$$;
--> statement-breakpoint
CREATE FUNCTION store_words_actual(p_firm uuid) RETURNS TABLE (word text, products integer)
LANGUAGE sql STABLE AS $$
  SELECT w, count(*)::int
    FROM products p, unnest(store_words_of(p.search_text)) AS w
   WHERE p.firm_id = p_firm AND p.status = 'active' AND p.archived_at IS NULL
   GROUP BY w
$$;
--> statement-breakpoint
-- The row versions of the firm's active, unarchived products whose search text has every one
-- of the patterns (LIKE, up to 8) and that have the filter values (any of one filter's, and each
-- filter named; a value not the firm's matches nothing), or null when `p_max` is given and more
-- match (the caller then filters as usual). LIKE and && are not leakproof, so under row-level
-- security the trigram and facet indexes would not answer them (a scan of every product of the
-- firm); run as the owner, the indexes answer all of them at once. Only the app's own firm
-- (app.firm_id), only row versions, which the caller reads again under row-level security
-- (as firm_tids_matching).
CREATE FUNCTION store_search_tids(p_patterns text[], p_facets uuid[] DEFAULT '{}', p_max integer DEFAULT NULL)
RETURNS tid[]
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  v_firm uuid := NULLIF(current_setting('app.firm_id', true), '')::uuid;
  v_cond text := '';
  v_group uuid[];
  v_known integer := 0;
  v_out tid[];
BEGIN
  IF v_firm IS NULL THEN
    RETURN '{}'::tid[];
  END IF;
  FOR i IN 1..least(COALESCE(cardinality(p_patterns), 0), 8) LOOP
    v_cond := v_cond || format(' AND search_text LIKE $2[%s]', i);
  END LOOP;
  FOR v_group IN
    SELECT array_agg(fv.id ORDER BY fv.id) FROM filter_values fv
     WHERE fv.firm_id = v_firm AND fv.id = ANY (p_facets) GROUP BY fv.filter_id ORDER BY 1
  LOOP
    v_cond := v_cond || format(' AND facet_ids && %L::uuid[]', v_group);
    v_known := v_known + cardinality(v_group);
  END LOOP;
  IF v_known < (SELECT count(DISTINCT f) FROM unnest(p_facets) AS f) THEN
    RETURN '{}'::tid[];
  END IF;
  IF v_cond = '' THEN
    RETURN NULL;
  END IF;
  EXECUTE 'SELECT array_agg(ctid) FROM (SELECT ctid FROM products WHERE firm_id = $1 AND status = ''active'''
    || ' AND archived_at IS NULL' || v_cond || COALESCE(' LIMIT ' || (p_max + 1), '') || ') m'
    INTO v_out USING v_firm, p_patterns;
  IF p_max IS NOT NULL AND cardinality(v_out) > p_max THEN
    RETURN NULL;
  END IF;
  RETURN COALESCE(v_out, '{}'::tid[]);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION store_search_tids(text[], uuid[], integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION store_search_tids(text[], uuid[], integer), store_words_of(text), store_combos_actual(uuid),
  store_words_actual(uuid) TO atelier_app;
--> statement-breakpoint
INSERT INTO store_combos (firm_id, category_key, facet_ids, price_band, on_sale, products)
SELECT f.id, a.category_key, a.facet_ids, a.price_band, a.on_sale, a.products FROM firms f, store_combos_actual(f.id) a;
--> statement-breakpoint
INSERT INTO store_words (firm_id, word, products)
SELECT f.id, a.word, a.products FROM firms f, store_words_actual(f.id) a;
