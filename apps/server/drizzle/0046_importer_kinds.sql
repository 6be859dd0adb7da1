ALTER TABLE "imports" DROP CONSTRAINT "imports_kind_check";--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_kind_check" CHECK (kind IN ('product', 'material', 'vendor', 'category', 'collection', 'price_list', 'opening_stock'));
--> statement-breakpoint
-- `search_text_of` with phone numbers, as `buildSearchText(parts, phones)` makes it: the parts,
-- the phones, then the phones' digits and the digits of numbers written with separators in the parts.
CREATE FUNCTION search_text_of(parts text[], phones text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog AS $$
  SELECT left(lower(array_to_string(
    ARRAY(SELECT p FROM unnest(parts) WITH ORDINALITY u(p, i) WHERE p <> '' ORDER BY i)
    || ARRAY(SELECT p FROM unnest(phones) WITH ORDINALITY u(p, i) WHERE p <> '' ORDER BY i)
    || ARRAY(SELECT d FROM (
         SELECT regexp_replace(p, '\D', '', 'g') AS d, 0 AS source, i, 0::bigint AS n
         FROM unnest(phones) WITH ORDINALITY u(p, i)
         UNION ALL
         SELECT regexp_replace(m[1], '\D', '', 'g'), 1, u.i, r.n
         FROM unnest(parts) WITH ORDINALITY u(p, i),
              LATERAL regexp_matches(u.p, '\d[\d\s().+-]*\d', 'g') WITH ORDINALITY r(m, n)
         WHERE m[1] ~ '\D') x WHERE d <> '' ORDER BY x.source, x.i, x.n),
    ' ')), 4000)
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_text_of(text[], text[]) TO atelier_app;
