CREATE TABLE "firm_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"firm_id" uuid NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_slugs_slug_check" CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) BETWEEN 3 AND 40)
);
--> statement-breakpoint
ALTER TABLE "firm_slugs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "firm_slugs" ADD CONSTRAINT "firm_slugs_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firm_slugs_current_uq" ON "firm_slugs" USING btree ("firm_id") WHERE current;--> statement-breakpoint
CREATE INDEX "firm_slugs_firm_idx" ON "firm_slugs" USING btree ("firm_id");--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "firm_slugs" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("firm_slugs"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("firm_slugs"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
-- The public store finds a firm by one of its addresses before any firm is in scope: the firm,
-- its current address (the store redirects an old one to it) and its modules. Nothing else.
CREATE FUNCTION store_find_firm(p_slug text)
RETURNS TABLE (firm_id uuid, slug text, features text[])
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT f.id, cur.slug, f.features
  FROM firm_slugs s
  JOIN firms f ON f.id = s.firm_id
  JOIN firm_slugs cur ON cur.firm_id = f.id AND cur.current
  WHERE s.slug = lower(p_slug)
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION store_find_firm(text) TO atelier_app;
--> statement-breakpoint
-- Firms made before addresses existed get one from their name (the firm changes it in its
-- settings); a name that gives none, or only taken ones, leaves the firm to choose.
INSERT INTO firm_slugs (slug, firm_id, current)
SELECT DISTINCT ON (candidate) candidate, id, true
FROM (
  SELECT f.id,
         trim(both '-' from left(trim(both '-' from regexp_replace(replace(lower(f.name), '&', ' and '), '[^a-z0-9]+', '-', 'g')), 36))
           || CASE WHEN row_number() OVER (PARTITION BY regexp_replace(replace(lower(f.name), '&', ' and '), '[^a-z0-9]+', '-', 'g') ORDER BY f.created_at) = 1
                   THEN '' ELSE '-' || row_number() OVER (PARTITION BY regexp_replace(replace(lower(f.name), '&', ' and '), '[^a-z0-9]+', '-', 'g') ORDER BY f.created_at) END AS candidate
  FROM firms f
) named
WHERE candidate ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(candidate) BETWEEN 3 AND 40
  AND candidate NOT IN ('admin', 'api', 'app', 'assets', 'help', 'login', 'new', 'public', 'signin', 'signup',
                        'site', 'sitemap', 'static', 'store', 'support', 'www')
ORDER BY candidate, id
ON CONFLICT DO NOTHING;
