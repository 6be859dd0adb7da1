ALTER TABLE "catalog_combos" ADD COLUMN "price_band" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_combos" ADD COLUMN "on_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_combos" DROP CONSTRAINT "catalog_combos_firm_id_category_key_facet_ids_pk";--> statement-breakpoint
ALTER TABLE "catalog_combos" ADD CONSTRAINT "catalog_combos_firm_id_category_key_facet_ids_price_band_on_sale_pk" PRIMARY KEY("firm_id","category_key","facet_ids","price_band","on_sale");
--> statement-breakpoint
-- A price's band, as PRICE_BAND_EDGES (contracts/products.ts) draws them: under $100, $100 to
-- $500, $500 to $1,000, $1,000 to $5,000, $5,000 and up.
CREATE FUNCTION product_price_band(p_cents bigint) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN p_cents < 10000 THEN 0 WHEN p_cents < 50000 THEN 1 WHEN p_cents < 100000 THEN 2
               WHEN p_cents < 500000 THEN 3 ELSE 4 END)::smallint
$$;
--> statement-breakpoint
-- The combinations carry the price band and whether the product is on sale, so counts under a
-- price band or "on sale" add them up too. A price change that keeps the band moves nothing.
CREATE OR REPLACE FUNCTION catalog_counts_track() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_firm uuid;
  v_was uuid[] := '{}'::uuid[];
  v_now uuid[] := '{}'::uuid[];
  v_nil CONSTANT uuid := '00000000-0000-0000-0000-000000000000';
  v_was_cat uuid;
  v_was_facets uuid[];
  v_was_band smallint;
  v_was_sale boolean;
  v_now_cat uuid;
  v_now_facets uuid[];
  v_now_band smallint;
  v_now_sale boolean;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    v_firm := OLD.firm_id;
    v_was := product_count_keys(OLD.archived_at, OLD.category_id, OLD.facet_ids);
    -- A combination with nothing to count for (no category, no facets) is not kept.
    IF v_was <> '{}'::uuid[] THEN
      v_was_cat := COALESCE(OLD.category_id, v_nil);
      v_was_facets := OLD.facet_ids;
      v_was_band := product_price_band(OLD.price_cents);
      v_was_sale := COALESCE(OLD.compare_at_cents > OLD.price_cents, false);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    v_firm := NEW.firm_id;
    v_now := product_count_keys(NEW.archived_at, NEW.category_id, NEW.facet_ids);
    IF v_now <> '{}'::uuid[] THEN
      v_now_cat := COALESCE(NEW.category_id, v_nil);
      v_now_facets := NEW.facet_ids;
      v_now_band := product_price_band(NEW.price_cents);
      v_now_sale := COALESCE(NEW.compare_at_cents > NEW.price_cents, false);
    END IF;
  END IF;
  IF v_was <> v_now THEN
    INSERT INTO catalog_counts AS c (firm_id, key, products)
    SELECT v_firm, k, sum(d)::int FROM (
      SELECT unnest(v_now) AS k, 1 AS d UNION ALL SELECT unnest(v_was), -1
    ) x GROUP BY k HAVING sum(d) <> 0 ORDER BY k
    ON CONFLICT (firm_id, key) DO UPDATE SET products = c.products + EXCLUDED.products;
  END IF;
  IF (v_was_cat, v_was_facets, v_was_band, v_was_sale) IS DISTINCT FROM (v_now_cat, v_now_facets, v_now_band, v_now_sale) THEN
    INSERT INTO catalog_combos AS c (firm_id, category_key, facet_ids, price_band, on_sale, products)
    SELECT v_firm, cat, facets, band, sale, sum(d)::int FROM (
      SELECT v_now_cat AS cat, v_now_facets AS facets, v_now_band AS band, v_now_sale AS sale, 1 AS d
       WHERE v_now_cat IS NOT NULL
      UNION ALL
      SELECT v_was_cat, v_was_facets, v_was_band, v_was_sale, -1 WHERE v_was_cat IS NOT NULL
    ) x GROUP BY cat, facets, band, sale HAVING sum(d) <> 0 ORDER BY cat, facets, band, sale
    ON CONFLICT (firm_id, category_key, facet_ids, price_band, on_sale)
      DO UPDATE SET products = c.products + EXCLUDED.products;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION catalog_combos_actual(uuid);
--> statement-breakpoint
CREATE FUNCTION catalog_combos_actual(p_firm uuid)
RETURNS TABLE (category_key uuid, facet_ids uuid[], price_band smallint, on_sale boolean, products integer)
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(p.category_id, '00000000-0000-0000-0000-000000000000'::uuid), p.facet_ids,
         product_price_band(p.price_cents), COALESCE(p.compare_at_cents > p.price_cents, false), count(*)::int
    FROM products p
   WHERE p.firm_id = p_firm AND p.archived_at IS NULL AND (p.category_id IS NOT NULL OR p.facet_ids <> '{}'::uuid[])
   GROUP BY 1, 2, 3, 4
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION catalog_combos_actual(uuid), product_price_band(bigint) TO atelier_app;
--> statement-breakpoint
DELETE FROM catalog_combos;
--> statement-breakpoint
INSERT INTO catalog_combos (firm_id, category_key, facet_ids, price_band, on_sale, products)
SELECT f.id, a.category_key, a.facet_ids, a.price_band, a.on_sale, a.products FROM firms f, catalog_combos_actual(f.id) a;
--> statement-breakpoint
DROP TRIGGER products_catalog_counts ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalog_counts
AFTER INSERT OR DELETE OR UPDATE OF facet_ids, filter_value_ids, category_id, archived_at, price_cents, compare_at_cents
ON products FOR EACH ROW EXECUTE FUNCTION catalog_counts_track();
