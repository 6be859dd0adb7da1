CREATE TABLE "catalog_pair_counts" (
	"firm_id" uuid NOT NULL,
	"under" uuid NOT NULL,
	"key" uuid NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_pair_counts_firm_id_under_key_pk" PRIMARY KEY("firm_id","under","key")
);
--> statement-breakpoint
ALTER TABLE "catalog_pair_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "catalog_pair_counts" ADD CONSTRAINT "catalog_pair_counts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "catalog_pair_counts" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("catalog_pair_counts"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("catalog_pair_counts"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
-- The kept counts grow a second table: the counts under each filter value (a product counts for
-- its category and facets under each of its facets). Same trigger, same transaction, rows
-- upserted in key order after catalog_counts', so two writers still never wait in opposite orders.
CREATE OR REPLACE FUNCTION catalog_counts_track() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_firm uuid;
  v_was uuid[] := '{}'::uuid[];
  v_now uuid[] := '{}'::uuid[];
  v_was_under uuid[] := '{}'::uuid[];
  v_now_under uuid[] := '{}'::uuid[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    v_firm := OLD.firm_id;
    v_was := product_count_keys(OLD.archived_at, OLD.category_id, OLD.facet_ids);
    IF OLD.archived_at IS NULL THEN v_was_under := OLD.facet_ids; END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    v_firm := NEW.firm_id;
    v_now := product_count_keys(NEW.archived_at, NEW.category_id, NEW.facet_ids);
    IF NEW.archived_at IS NULL THEN v_now_under := NEW.facet_ids; END IF;
  END IF;
  IF v_was = v_now THEN RETURN NULL; END IF;
  INSERT INTO catalog_counts AS c (firm_id, key, products)
  SELECT v_firm, k, sum(d)::int FROM (
    SELECT unnest(v_now) AS k, 1 AS d UNION ALL SELECT unnest(v_was), -1
  ) x GROUP BY k HAVING sum(d) <> 0 ORDER BY k
  ON CONFLICT (firm_id, key) DO UPDATE SET products = c.products + EXCLUDED.products;
  INSERT INTO catalog_pair_counts AS c (firm_id, under, key, products)
  SELECT v_firm, u, k, sum(d)::int FROM (
    SELECT u, k, 1 AS d FROM unnest(v_now_under) AS u, unnest(v_now) AS k
    UNION ALL
    SELECT u, k, -1 FROM unnest(v_was_under) AS u, unnest(v_was) AS k
  ) x GROUP BY u, k HAVING sum(d) <> 0 ORDER BY u, k
  ON CONFLICT (firm_id, under, key) DO UPDATE SET products = c.products + EXCLUDED.products;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The counts under each filter value recounted from the products: the drift check's other half,
-- and what a bulk load (triggers off) writes once at its end.
CREATE FUNCTION catalog_pair_counts_actual(p_firm uuid) RETURNS TABLE (under uuid, key uuid, products integer)
LANGUAGE sql STABLE AS $$
  SELECT u, k, count(*)::int
    FROM products p, unnest(p.facet_ids) AS u, unnest(product_count_keys(p.archived_at, p.category_id, p.facet_ids)) AS k
   WHERE p.firm_id = p_firm AND p.archived_at IS NULL GROUP BY u, k
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION catalog_pair_counts_actual(uuid) TO atelier_app;
--> statement-breakpoint
INSERT INTO catalog_pair_counts (firm_id, under, key, products)
SELECT f.id, a.under, a.key, a.products FROM firms f, catalog_pair_counts_actual(f.id) a;
