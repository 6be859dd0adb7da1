CREATE TABLE "sign_in_addresses" (
	"email" text NOT NULL,
	"address" text NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_addresses_email_address_pk" PRIMARY KEY("email","address")
);
--> statement-breakpoint
CREATE TABLE "file_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"bytes" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_reservations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "file_reservations" ADD CONSTRAINT "file_reservations_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_reservations_firm_idx" ON "file_reservations" USING btree ("firm_id","expires_at");--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "file_reservations" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("file_reservations"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("file_reservations"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
REVOKE ALL ON sign_in_addresses FROM atelier_app;
--> statement-breakpoint
-- Rate limits reserve before the work they limit (decision 0012): one attempt under every key at
-- once, or none. Rows are locked in key order (two callers never deadlock), a window that ran out
-- starts again, and the attempt counts only when every key is below its limit. Returns 0 when
-- reserved, else the seconds until the first full key lets attempts in again. Run in a short
-- transaction of its own, so the locks last milliseconds and the count stays whatever follows.
CREATE FUNCTION limit_reserve(p_keys text[], p_limits integer[], p_window_seconds integer)
RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  v_window interval := make_interval(secs => p_window_seconds);
  v_wait integer;
BEGIN
  INSERT INTO auth_throttle (key, failures, window_started_at)
  SELECT k, 0, now() FROM unnest(p_keys) AS k ORDER BY k
  ON CONFLICT (key) DO NOTHING;
  PERFORM 1 FROM auth_throttle WHERE key = ANY (p_keys) ORDER BY key FOR UPDATE;
  UPDATE auth_throttle SET failures = 0, window_started_at = now()
  WHERE key = ANY (p_keys) AND window_started_at <= now() - v_window;
  SELECT max(ceil(extract(epoch FROM t.window_started_at + v_window - now())))::integer INTO v_wait
  FROM auth_throttle t JOIN unnest(p_keys, p_limits) AS l(key, max_attempts) ON l.key = t.key
  WHERE t.failures >= l.max_attempts;
  IF v_wait IS NOT NULL THEN
    RETURN greatest(v_wait, 1);
  END IF;
  UPDATE auth_throttle SET failures = failures + 1 WHERE key = ANY (p_keys);
  RETURN 0;
END
$$;
--> statement-breakpoint
-- Gives reserved attempts back (a sign-in that succeeded is not an attempt against the account)
-- and forgets keys altogether (the pair of a successful sign-in starts afresh).
CREATE FUNCTION limit_release(p_keys text[], p_forget text[])
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  UPDATE auth_throttle SET failures = greatest(failures - 1, 0) WHERE key = ANY (p_keys);
  DELETE FROM auth_throttle WHERE key = ANY (p_forget);
$$;
--> statement-breakpoint
-- Whether the account behind an address signed in from this client address in the last 90 days.
CREATE FUNCTION auth_known_address(p_email text, p_address text)
RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT EXISTS (SELECT 1 FROM sign_in_addresses
                 WHERE email = lower(p_email) AND address = p_address AND last_at > now() - interval '90 days')
$$;
--> statement-breakpoint
-- Remembers a successful sign-in's client address; an account keeps its 20 latest.
CREATE FUNCTION auth_remember_address(p_email text, p_address text)
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  INSERT INTO sign_in_addresses (email, address, last_at) VALUES (lower(p_email), p_address, now())
  ON CONFLICT (email, address) DO UPDATE SET last_at = now();
  DELETE FROM sign_in_addresses s WHERE s.email = lower(p_email) AND s.address NOT IN (
    SELECT address FROM sign_in_addresses WHERE email = lower(p_email) ORDER BY last_at DESC LIMIT 20);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION maintenance_purge_expired(p_idle_seconds integer)
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  DELETE FROM sessions WHERE expires_at < now() OR last_seen_at < now() - make_interval(secs => p_idle_seconds);
  DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day';
  DELETE FROM auth_throttle WHERE window_started_at < now() - interval '1 day';
  DELETE FROM sign_in_addresses WHERE last_at < now() - interval '90 days';
  DELETE FROM file_reservations WHERE expires_at < now();
$$;
--> statement-breakpoint
DROP FUNCTION auth_throttle_retry_after(text[], integer[], integer);
--> statement-breakpoint
DROP FUNCTION auth_throttle_fail(text[], integer);
--> statement-breakpoint
DROP FUNCTION auth_throttle_clear(text);
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION
  limit_reserve(text[], integer[], integer),
  limit_release(text[], text[]),
  auth_known_address(text, text),
  auth_remember_address(text, text)
TO atelier_app;
