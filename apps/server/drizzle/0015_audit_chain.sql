CREATE TABLE "audit_chain_heads" (
	"firm_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" "bytea" NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" "bytea";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" "bytea";--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD CONSTRAINT "audit_chain_heads_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_uq" ON "audit_log" USING btree ("firm_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_unsealed_idx" ON "audit_log" USING btree ("firm_id","id") WHERE "audit_log"."seq" IS NULL;--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "audit_chain_heads" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("audit_chain_heads"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("audit_chain_heads"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
-- The log is append-only for the application (decision 0013): it inserts and reads, nothing else;
-- only audit_seal writes the chain. Deleting a firm (and with it its log) is the owner's.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM atelier_app, PUBLIC;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_chain_heads FROM atelier_app, PUBLIC;
--> statement-breakpoint
REVOKE DELETE, TRUNCATE ON firms FROM atelier_app;
--> statement-breakpoint
-- A row's content as the chain hashes it: its columns in a fixed order as a JSON array (jsonb's
-- text form is canonical), the time in UTC to the microsecond.
CREATE FUNCTION audit_content(r audit_log) RETURNS bytea
LANGUAGE sql STABLE SET search_path = pg_catalog, public AS $$
  SELECT convert_to(jsonb_build_array(
    r.id, r.firm_id, r.actor_id, r.impersonator_id, r.entity_type, r.entity_id, r.action, r.changes,
    to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'UTF8')
$$;
--> statement-breakpoint
-- Backstop for the grants, whoever writes: a row is never changed except to be sealed once (its
-- chain columns only), and never deleted except with its firm, whose row is already gone when its
-- cascade reaches the log. TRUNCATE is refused outright.
CREATE FUNCTION audit_log_guard() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'The audit log is append-only: it cannot be emptied.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM firms WHERE id = OLD.firm_id) THEN
      RAISE EXCEPTION 'The audit log is append-only: its rows cannot be deleted.' USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.seq IS NOT NULL OR NEW.seq IS NULL
     OR (NEW.id, NEW.firm_id, NEW.actor_id, NEW.impersonator_id, NEW.entity_type, NEW.entity_id, NEW.action, NEW.changes, NEW.created_at)
        IS DISTINCT FROM
        (OLD.id, OLD.firm_id, OLD.actor_id, OLD.impersonator_id, OLD.entity_type, OLD.entity_id, OLD.action, OLD.changes, OLD.created_at) THEN
    RAISE EXCEPTION 'The audit log is append-only: its rows cannot be changed.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
FOR EACH ROW EXECUTE FUNCTION audit_log_guard();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
FOR EACH STATEMENT EXECUTE FUNCTION audit_log_guard();
--> statement-breakpoint
-- The sealer (after commit, never inside a write): for each firm with unsealed rows whose chain no
-- other sealer holds (SKIP LOCKED), chains up to p_limit of them in id order after the head:
-- seq = head + 1…, hash = sha256(previous hash || content). The first row follows 32 zero bytes.
-- Returns how many rows it sealed.
CREATE FUNCTION audit_seal(p_limit integer) RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  v_firm uuid;
  v_seq bigint;
  v_hash bytea;
  v_prev bytea;
  r audit_log;
  v_done integer := 0;
BEGIN
  FOR v_firm IN SELECT DISTINCT a.firm_id FROM audit_log a WHERE a.seq IS NULL LOOP
    INSERT INTO audit_chain_heads (firm_id, seq, hash) VALUES (v_firm, 0, decode(repeat('00', 32), 'hex'))
    ON CONFLICT (firm_id) DO NOTHING;
    SELECT h.seq, h.hash INTO v_seq, v_hash FROM audit_chain_heads h WHERE h.firm_id = v_firm FOR UPDATE SKIP LOCKED;
    CONTINUE WHEN NOT FOUND;
    FOR r IN SELECT * FROM audit_log a WHERE a.firm_id = v_firm AND a.seq IS NULL ORDER BY a.id LIMIT p_limit LOOP
      v_prev := v_hash;
      v_seq := v_seq + 1;
      v_hash := sha256(v_prev || audit_content(r));
      UPDATE audit_log SET seq = v_seq, prev_hash = v_prev, hash = v_hash WHERE id = r.id;
      v_done := v_done + 1;
    END LOOP;
    UPDATE audit_chain_heads SET seq = v_seq, hash = v_hash, sealed_at = now() WHERE firm_id = v_firm;
  END LOOP;
  RETURN v_done;
END
$$;
--> statement-breakpoint
-- Verification of the current firm's chain (run in its scope, as the application): every sealed
-- row's hash matches its content and the previous row's hash, positions run 1, 2, 3… without a
-- gap, and the head names the last row. The first row that fails is named.
CREATE FUNCTION audit_verify()
RETURNS TABLE (verified boolean, sealed bigint, unsealed bigint, broken_id uuid, broken_seq bigint, sealed_at timestamptz)
LANGUAGE sql STABLE SET search_path = pg_catalog, public AS $$
  WITH chain AS (
    SELECT a.id, a.seq, a.hash,
           a.hash IS NOT DISTINCT FROM sha256(a.prev_hash || audit_content(a))
             AND a.prev_hash IS NOT DISTINCT FROM lag(a.hash, 1, decode(repeat('00', 32), 'hex')) OVER w
             AND a.seq = row_number() OVER w AS ok
    FROM audit_log a
    WHERE a.seq IS NOT NULL
    WINDOW w AS (ORDER BY a.seq)
  ),
  broken AS (SELECT c.id, c.seq FROM chain c WHERE NOT c.ok ORDER BY c.seq LIMIT 1),
  tail AS (SELECT c.seq, c.hash FROM chain c ORDER BY c.seq DESC LIMIT 1),
  head AS (SELECT h.seq, h.hash, h.sealed_at FROM audit_chain_heads h)
  SELECT NOT EXISTS (SELECT 1 FROM broken)
           AND COALESCE((SELECT h.seq = COALESCE(t.seq, 0) AND (t.hash IS NULL OR h.hash = t.hash)
                         FROM head h LEFT JOIN tail t ON true), NOT EXISTS (SELECT 1 FROM chain)),
         (SELECT count(*) FROM chain),
         (SELECT count(*) FROM audit_log WHERE seq IS NULL),
         (SELECT b.id FROM broken b),
         (SELECT b.seq FROM broken b),
         (SELECT h.sealed_at FROM head h)
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION audit_content(audit_log), audit_seal(integer), audit_verify() TO atelier_app;
