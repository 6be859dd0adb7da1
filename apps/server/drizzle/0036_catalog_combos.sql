CREATE TABLE "catalog_combos" (
	"firm_id" uuid NOT NULL,
	"category_key" uuid NOT NULL,
	"facet_ids" uuid[] NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_combos_firm_id_category_key_facet_ids_pk" PRIMARY KEY("firm_id","category_key","facet_ids")
);
--> statement-breakpoint
ALTER TABLE "catalog_combos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "catalog_combos" ADD CONSTRAINT "catalog_combos_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "catalog_combos" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("catalog_combos"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("catalog_combos"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
-- The counts trigger keeps the combinations too: one less where the product was counted, one
-- more where it is, in the same transaction, after catalog_counts' rows and in key order.
CREATE OR REPLACE FUNCTION catalog_counts_track() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_firm uuid;
  v_was uuid[] := '{}'::uuid[];
  v_now uuid[] := '{}'::uuid[];
  v_nil CONSTANT uuid := '00000000-0000-0000-0000-000000000000';
  v_was_cat uuid;
  v_was_facets uuid[];
  v_now_cat uuid;
  v_now_facets uuid[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    v_firm := OLD.firm_id;
    v_was := product_count_keys(OLD.archived_at, OLD.category_id, OLD.facet_ids);
    -- A combination with nothing to count for (no category, no facets) is not kept.
    IF v_was <> '{}'::uuid[] THEN
      v_was_cat := COALESCE(OLD.category_id, v_nil);
      v_was_facets := OLD.facet_ids;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    v_firm := NEW.firm_id;
    v_now := product_count_keys(NEW.archived_at, NEW.category_id, NEW.facet_ids);
    IF v_now <> '{}'::uuid[] THEN
      v_now_cat := COALESCE(NEW.category_id, v_nil);
      v_now_facets := NEW.facet_ids;
    END IF;
  END IF;
  IF v_was = v_now THEN RETURN NULL; END IF;
  INSERT INTO catalog_counts AS c (firm_id, key, products)
  SELECT v_firm, k, sum(d)::int FROM (
    SELECT unnest(v_now) AS k, 1 AS d UNION ALL SELECT unnest(v_was), -1
  ) x GROUP BY k HAVING sum(d) <> 0 ORDER BY k
  ON CONFLICT (firm_id, key) DO UPDATE SET products = c.products + EXCLUDED.products;
  INSERT INTO catalog_combos AS c (firm_id, category_key, facet_ids, products)
  SELECT v_firm, cat, facets, sum(d)::int FROM (
    SELECT v_now_cat AS cat, v_now_facets AS facets, 1 AS d WHERE v_now_cat IS NOT NULL
    UNION ALL
    SELECT v_was_cat, v_was_facets, -1 WHERE v_was_cat IS NOT NULL
  ) x GROUP BY cat, facets HAVING sum(d) <> 0 ORDER BY cat, facets
  ON CONFLICT (firm_id, category_key, facet_ids) DO UPDATE SET products = c.products + EXCLUDED.products;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The combinations recounted from the products: the drift check's other half, and what a bulk
-- load (triggers off) writes once at its end.
CREATE FUNCTION catalog_combos_actual(p_firm uuid) RETURNS TABLE (category_key uuid, facet_ids uuid[], products integer)
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(p.category_id, '00000000-0000-0000-0000-000000000000'::uuid), p.facet_ids, count(*)::int
    FROM products p
   WHERE p.firm_id = p_firm AND p.archived_at IS NULL AND (p.category_id IS NOT NULL OR p.facet_ids <> '{}'::uuid[])
   GROUP BY 1, 2
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION catalog_combos_actual(uuid) TO atelier_app;
--> statement-breakpoint
INSERT INTO catalog_combos (firm_id, category_key, facet_ids, products)
SELECT f.id, a.category_key, a.facet_ids, a.products FROM firms f, catalog_combos_actual(f.id) a;
--> statement-breakpoint
-- An UPDATE that sets only filter_value_ids (taking a value off every product that has it)
-- changes facet_ids in the BEFORE trigger, which an AFTER trigger "OF facet_ids" does not see:
-- it listens to filter_value_ids too.
DROP TRIGGER products_catalog_counts ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalog_counts
AFTER INSERT OR DELETE OR UPDATE OF facet_ids, filter_value_ids, category_id, archived_at ON products
FOR EACH ROW EXECUTE FUNCTION catalog_counts_track();
