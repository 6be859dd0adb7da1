CREATE TABLE "store_favorites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_favorites" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "store_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"firm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "store_favorites" ADD CONSTRAINT "store_favorites_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_favorites" ADD CONSTRAINT "store_favorites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_favorites" ADD CONSTRAINT "store_favorites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_favorites" ADD CONSTRAINT "store_favorites_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sessions" ADD CONSTRAINT "store_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sessions" ADD CONSTRAINT "store_sessions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_favorites_uq" ON "store_favorites" USING btree ("customer_id","product_id",COALESCE("variant_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "store_favorites_customer_idx" ON "store_favorites" USING btree ("firm_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "store_favorites_product_idx" ON "store_favorites" USING btree ("product_id");--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "store_favorites" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("store_favorites"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("store_favorites"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "store_sessions" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("store_sessions"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("store_sessions"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
-- Decision 0052: a session opened at a firm's store (marked in store_sessions) never opens the
-- staff app, whichever cookie carries its token. The store looks its sessions up itself, in the
-- store's firm scope. Otherwise unchanged from 0002.
CREATE OR REPLACE FUNCTION auth_session(p_token_hash bytea, p_idle_seconds integer)
RETURNS TABLE (session_id uuid, firm_id uuid, user_id uuid, impersonator_id uuid, user_kind user_kind, codes integer[], features text[])
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
#variable_conflict use_column
BEGIN
  UPDATE sessions AS s SET last_seen_at = now()
  WHERE s.token_hash = p_token_hash
    AND s.expires_at > now()
    AND s.last_seen_at > now() - make_interval(secs => p_idle_seconds)
    AND s.last_seen_at < now() - interval '60 seconds'
    AND NOT EXISTS (SELECT 1 FROM store_sessions ss WHERE ss.session_id = s.id);
  RETURN QUERY
  SELECT s.id, s.firm_id, s.user_id, s.impersonator_id, u.kind,
         COALESCE((SELECT array_agg(DISTINCT c ORDER BY c)
                   FROM user_roles ur JOIN roles r ON r.id = ur.role_id, unnest(r.codes) AS c
                   WHERE ur.user_id = u.id), '{}'::integer[]),
         f.features
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  JOIN firms f ON f.id = s.firm_id
  WHERE s.token_hash = p_token_hash
    AND s.expires_at > now()
    AND s.last_seen_at > now() - make_interval(secs => p_idle_seconds)
    AND u.active AND u.deleted_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM store_sessions ss WHERE ss.session_id = s.id);
END
$$;
