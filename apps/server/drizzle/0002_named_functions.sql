-- Internal tables: only the functions below touch them.
REVOKE ALL ON auth_throttle, seed_markers FROM atelier_app;
--> statement-breakpoint
-- The few lookups that happen before a firm is known. Each runs as the owner (SECURITY
-- DEFINER, so row-level security does not apply inside it) and returns only what its caller
-- needs. The application role may call these and nothing else across firms.

-- Sign-in and password-reset requests: the staff account behind an address, in any firm.
CREATE FUNCTION auth_find_staff(p_email text)
RETURNS TABLE (user_id uuid, firm_id uuid, password_hash text, first_name text, active boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT u.id, u.firm_id, u.password_hash, u.first_name, u.active
  FROM users u
  WHERE lower(u.email) = lower(p_email) AND u.kind = 'staff' AND u.deleted_at IS NULL
$$;
--> statement-breakpoint
-- Session restore: the session, its user and firm, the user's permission codes and the
-- firm's features, in one round trip. Refreshes last_seen_at at most once a minute.
CREATE FUNCTION auth_session(p_token_hash bytea, p_idle_seconds integer)
RETURNS TABLE (session_id uuid, firm_id uuid, user_id uuid, impersonator_id uuid, user_kind user_kind, codes integer[], features text[])
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
#variable_conflict use_column
BEGIN
  UPDATE sessions AS s SET last_seen_at = now()
  WHERE s.token_hash = p_token_hash
    AND s.expires_at > now()
    AND s.last_seen_at > now() - make_interval(secs => p_idle_seconds)
    AND s.last_seen_at < now() - interval '60 seconds';
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
    AND u.active AND u.deleted_at IS NULL;
END
$$;
--> statement-breakpoint
-- Emailed links (reset, invitation): who a still-valid token belongs to, without using it.
CREATE FUNCTION auth_peek_token(p_token_hash bytea, p_purpose token_purpose)
RETURNS TABLE (user_id uuid, firm_id uuid, first_name text, email text, firm_name text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT t.user_id, t.firm_id, u.first_name, u.email, f.name
  FROM password_reset_tokens t
  JOIN users u ON u.id = t.user_id
  JOIN firms f ON f.id = t.firm_id
  WHERE t.token_hash = p_token_hash AND t.purpose = p_purpose
    AND t.used_at IS NULL AND t.expires_at > now() AND u.deleted_at IS NULL
$$;
--> statement-breakpoint
-- Emailed links: use a still-valid token once. A second call with the same token finds nothing.
CREATE FUNCTION auth_take_token(p_token_hash bytea, p_purpose token_purpose)
RETURNS TABLE (user_id uuid, firm_id uuid)
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  UPDATE password_reset_tokens AS t SET used_at = now()
  WHERE t.token_hash = p_token_hash AND t.purpose = p_purpose
    AND t.used_at IS NULL AND t.expires_at > now()
  RETURNING t.user_id, t.firm_id
$$;
--> statement-breakpoint
-- Sign-in throttling: seconds until the first of the keys that reached its limit is let in again.
CREATE FUNCTION auth_throttle_retry_after(p_keys text[], p_limits integer[], p_window_seconds integer)
RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT COALESCE(max(ceil(extract(epoch FROM t.window_started_at + make_interval(secs => p_window_seconds) - now())))::integer, 0)
  FROM auth_throttle t
  JOIN unnest(p_keys, p_limits) AS k(key, max_failures) ON k.key = t.key
  WHERE t.failures >= k.max_failures
    AND t.window_started_at > now() - make_interval(secs => p_window_seconds)
$$;
--> statement-breakpoint
CREATE FUNCTION auth_throttle_fail(p_keys text[], p_window_seconds integer)
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  INSERT INTO auth_throttle AS t (key, failures, window_started_at)
  SELECT k, 1, now() FROM unnest(p_keys) AS k
  ON CONFLICT (key) DO UPDATE SET
    failures = CASE WHEN t.window_started_at > now() - make_interval(secs => p_window_seconds) THEN t.failures + 1 ELSE 1 END,
    window_started_at = CASE WHEN t.window_started_at > now() - make_interval(secs => p_window_seconds) THEN t.window_started_at ELSE now() END
$$;
--> statement-breakpoint
CREATE FUNCTION auth_throttle_clear(p_key text)
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  DELETE FROM auth_throttle WHERE key = p_key
$$;
--> statement-breakpoint
-- Background job: the email worker claims due messages of every firm, FOR UPDATE SKIP LOCKED so
-- several instances never send the same message at once. A claim is a lease: a crashed sender's
-- messages are claimed again when it runs out.
CREATE FUNCTION outbox_claim(p_limit integer, p_lease_seconds integer)
RETURNS SETOF email_outbox
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  UPDATE email_outbox AS o
  SET status = 'sending', attempts = o.attempts + 1, locked_until = now() + make_interval(secs => p_lease_seconds)
  WHERE o.id IN (
    SELECT d.id FROM email_outbox d
    WHERE (d.status = 'pending' AND d.next_attempt_at <= now())
       OR (d.status = 'sending' AND d.locked_until < now())
    ORDER BY d.next_attempt_at
    LIMIT p_limit
    FOR UPDATE SKIP LOCKED)
  RETURNING o.*
$$;
--> statement-breakpoint
-- Background job: record the outcome of a send. No error: sent. An error and a retry time:
-- pending again. An error and no retry time: failed for good.
CREATE FUNCTION outbox_finish(p_id uuid, p_error text, p_retry_at timestamptz)
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  UPDATE email_outbox SET
    status = (CASE WHEN p_error IS NULL THEN 'sent' WHEN p_retry_at IS NULL THEN 'failed' ELSE 'pending' END)::outbox_status,
    sent_at = CASE WHEN p_error IS NULL THEN now() END,
    last_error = p_error,
    next_attempt_at = COALESCE(p_retry_at, next_attempt_at),
    locked_until = NULL
  WHERE id = p_id
$$;
--> statement-breakpoint
-- Background job: forget expired sessions, used or stale tokens, and old throttle windows.
CREATE FUNCTION maintenance_purge_expired(p_idle_seconds integer)
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  DELETE FROM sessions WHERE expires_at < now() OR last_seen_at < now() - make_interval(secs => p_idle_seconds);
  DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day';
  DELETE FROM auth_throttle WHERE window_started_at < now() - interval '1 day';
$$;
--> statement-breakpoint
-- Wake the email worker as soon as a transaction that queued mail commits.
CREATE FUNCTION outbox_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('email_outbox', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER email_outbox_notify AFTER INSERT ON email_outbox
FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION
  auth_find_staff(text),
  auth_session(bytea, integer),
  auth_peek_token(bytea, token_purpose),
  auth_take_token(bytea, token_purpose),
  auth_throttle_retry_after(text[], integer[], integer),
  auth_throttle_fail(text[], integer),
  auth_throttle_clear(text),
  outbox_claim(integer, integer),
  outbox_finish(uuid, text, timestamptz),
  maintenance_purge_expired(integer)
TO atelier_app;
