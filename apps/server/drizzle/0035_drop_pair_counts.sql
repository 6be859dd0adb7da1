DROP POLICY "firm_isolation" ON "catalog_pair_counts" CASCADE;--> statement-breakpoint
DROP TABLE "catalog_pair_counts" CASCADE;--> statement-breakpoint
-- Counts under one filter value gave way to the kept combinations (0036), which answer under
-- any category and facet filters and cost two rows a write, where these cost F × (F + 1).
DROP FUNCTION catalog_pair_counts_actual(uuid);
