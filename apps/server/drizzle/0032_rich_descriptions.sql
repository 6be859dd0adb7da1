-- Descriptions become rich text (HTML, sanitised by the server). Those written before, plain
-- text from a text box, become paragraphs: their text escaped, each line one paragraph.
CREATE FUNCTION pg_temp.plain_to_html(p text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(string_agg('<p>' || replace(replace(replace(line, '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</p>', '' ORDER BY n), '')
    FROM regexp_split_to_table(p, E'\\r?\\n') WITH ORDINALITY AS t(line, n)
   WHERE btrim(line) <> ''
$$;
--> statement-breakpoint
UPDATE products SET description = pg_temp.plain_to_html(description) WHERE description <> '' AND description !~ '^\s*<';
--> statement-breakpoint
UPDATE product_templates SET fields = jsonb_set(fields, '{description}', to_jsonb(pg_temp.plain_to_html(fields->>'description')))
 WHERE COALESCE(fields->>'description', '') <> '' AND fields->>'description' !~ '^\s*<';
