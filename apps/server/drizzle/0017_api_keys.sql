CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"codes" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "api_keys_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_firm_idx" ON "api_keys" USING btree ("firm_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "api_keys" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("api_keys"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("api_keys"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
-- A request with an API key: who it acts as, with the codes the key was given that the colleague
-- who made it still holds, in one round trip like auth_session. A revoked key, or one whose
-- maker is deactivated, finds nothing. Last use is written at most once a minute.
CREATE FUNCTION auth_api_key(p_token_hash bytea)
RETURNS TABLE (key_id uuid, firm_id uuid, user_id uuid, user_kind user_kind, codes integer[], features text[])
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
#variable_conflict use_column
BEGIN
  UPDATE api_keys AS k SET last_used_at = now()
  WHERE k.token_hash = p_token_hash AND k.revoked_at IS NULL
    AND (k.last_used_at IS NULL OR k.last_used_at < now() - interval '60 seconds');
  RETURN QUERY
  SELECT k.id, k.firm_id, u.id, u.kind,
         -- A super admin (100) holds every code, so their key keeps all it was given.
         CASE WHEN 100 = ANY (held.codes) THEN k.codes
              ELSE ARRAY(SELECT c FROM unnest(k.codes) AS c WHERE c = ANY (held.codes) ORDER BY c) END,
         f.features
  FROM api_keys k
  JOIN users u ON u.id = k.created_by
  JOIN firms f ON f.id = k.firm_id
  CROSS JOIN LATERAL (
    SELECT COALESCE(array_agg(DISTINCT c), '{}'::integer[]) AS codes
    FROM user_roles ur JOIN roles r ON r.id = ur.role_id, unnest(r.codes) AS c
    WHERE ur.user_id = u.id) held
  WHERE k.token_hash = p_token_hash AND k.revoked_at IS NULL
    AND u.active AND u.deleted_at IS NULL AND u.kind = 'staff';
END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION auth_api_key(bytea) TO atelier_app;
