-- `search_text_of` made cheap for what most rows are: when no part has a number written with
-- separators (and there are no phones), the search text is the parts joined, lower-cased; only
-- the other rows take the full function. The test for such a number looks at the parts joined,
-- so it may send a row to the full function for nothing, never the reverse. Without SET or
-- sub-selects, the function is inlined into the statements that call it (an import's, a row at
-- a time), rather than called for each row: 9 µs a row → 3 µs.
ALTER FUNCTION search_text_of(text[]) RENAME TO search_text_full;
--> statement-breakpoint
ALTER FUNCTION search_text_of(text[], text[]) RENAME TO search_text_full;
--> statement-breakpoint
CREATE FUNCTION search_text_of(parts text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN array_to_string(parts, ' ') ~ '\d[\s().+-]+\d' IS NOT FALSE THEN search_text_full(parts)
    ELSE left(lower(array_to_string(array_remove(parts, ''), ' ')), 4000) END
$$;
--> statement-breakpoint
CREATE FUNCTION search_text_of(parts text[], phones text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN array_to_string(phones, '') <> '' IS NOT FALSE
      OR array_to_string(parts, ' ') ~ '\d[\s().+-]+\d' IS NOT FALSE THEN search_text_full(parts, phones)
    ELSE left(lower(array_to_string(array_remove(parts, ''), ' ')), 4000) END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_text_of(text[]), search_text_of(text[], text[]) TO atelier_app;
--> statement-breakpoint
-- A product being inserted has no variants yet: its facets are its own filter values, without
-- looking for variants (an import inserts 100,000 products in one statement).
CREATE OR REPLACE FUNCTION products_facets_own() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.filter_value_ids = '{}'::uuid[] THEN
    NEW.facet_ids := '{}'::uuid[];
  ELSE
    NEW.facet_ids := product_facets(NEW.id, NEW.filter_value_ids);
  END IF;
  RETURN NEW;
END $$;
