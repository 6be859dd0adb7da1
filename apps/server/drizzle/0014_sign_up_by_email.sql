CREATE TABLE "pending_sign_ups" (
	"token_hash" "bytea" PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"firm_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "firm_id" DROP NOT NULL;--> statement-breakpoint
REVOKE ALL ON pending_sign_ups FROM atelier_app;
--> statement-breakpoint
-- Sign-up (decision 0012): keeps what was entered, under the hash of the emailed link's token,
-- and queues the platform's email with the link. Neither belongs to a firm yet.
CREATE FUNCTION signup_request(
  p_token_hash bytea, p_email text, p_firm_name text, p_first_name text, p_last_name text,
  p_password_hash text, p_hours integer, p_subject text, p_text text, p_html text)
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  INSERT INTO pending_sign_ups (token_hash, email, firm_name, first_name, last_name, password_hash, expires_at)
  VALUES (p_token_hash, lower(p_email), p_firm_name, p_first_name, p_last_name, p_password_hash,
          now() + make_interval(hours => p_hours));
  INSERT INTO email_outbox (firm_id, to_address, subject, text_body, html_body)
  VALUES (NULL, p_email, p_subject, p_text, p_html);
$$;
--> statement-breakpoint
-- The emailed link, used once while it is valid: what was entered at sign-up.
CREATE FUNCTION signup_take(p_token_hash bytea)
RETURNS TABLE (email text, firm_name text, first_name text, last_name text, password_hash text)
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  UPDATE pending_sign_ups AS p SET used_at = now()
  WHERE p.token_hash = p_token_hash AND p.used_at IS NULL AND p.expires_at > now()
  RETURNING p.email, p.firm_name, p.first_name, p.last_name, p.password_hash
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
  DELETE FROM pending_sign_ups WHERE expires_at < now() - interval '1 day';
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION
  signup_request(bytea, text, text, text, text, text, integer, text, text, text),
  signup_take(bytea)
TO atelier_app;
