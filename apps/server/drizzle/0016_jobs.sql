-- The outbox's own claiming and retrying give way to the job runner (decision 0020).
DROP FUNCTION outbox_claim(integer, integer);--> statement-breakpoint
DROP FUNCTION outbox_finish(uuid, text, timestamptz);--> statement-breakpoint
DROP FUNCTION lead_follow_ups_due(timestamptz);--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_check" CHECK (status IN ('queued', 'running', 'done', 'failed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE status IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_firm_idx" ON "jobs" USING btree ("firm_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_uq" ON "jobs" USING btree ("name","key");--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "locked_until";--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "jobs" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("jobs"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("jobs"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);
--> statement-breakpoint
-- The runner claims due jobs of the names it knows, across firms, FOR UPDATE SKIP LOCKED so
-- several instances never run one job at once. A claim is a lease: a crashed runner's jobs are
-- claimed again when it runs out.
CREATE FUNCTION jobs_claim(p_names text[], p_limit integer, p_lease_seconds integer)
RETURNS SETOF jobs
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  UPDATE jobs AS j
  SET status = 'running', attempts = j.attempts + 1, locked_until = now() + make_interval(secs => p_lease_seconds)
  WHERE j.id IN (
    SELECT d.id FROM jobs d
    WHERE d.name = ANY (p_names)
      AND ((d.status = 'queued' AND d.run_at <= now()) OR (d.status = 'running' AND d.locked_until < now()))
    ORDER BY d.run_at
    LIMIT p_limit
    FOR UPDATE SKIP LOCKED)
  RETURNING j.*
$$;
--> statement-breakpoint
-- The outcome of a run: done, skipped (its firm lacks the module), failed for good, or queued
-- again at p_run_at after a failure.
CREATE FUNCTION jobs_finish(p_id uuid, p_status text, p_error text, p_run_at timestamptz)
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  UPDATE jobs SET
    status = p_status,
    last_error = p_error,
    run_at = COALESCE(p_run_at, run_at),
    locked_until = NULL,
    finished_at = CASE WHEN p_status = 'queued' THEN NULL ELSE now() END
  WHERE id = p_id
$$;
--> statement-breakpoint
-- A recurring job: one row per firm that has its module (or one for the platform), armed again
-- once the last run ended at least a period ago. Several instances arming at once make no
-- second row (the key is unique).
CREATE FUNCTION jobs_schedule(p_name text, p_feature text, p_every_seconds integer, p_per_firm boolean)
RETURNS integer
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  WITH armed AS (
    INSERT INTO jobs (firm_id, name, key)
    SELECT f.id, p_name, f.id::text FROM firms f
     WHERE p_per_firm AND (p_feature IS NULL OR p_feature = ANY (f.features))
    UNION ALL
    SELECT NULL, p_name, 'platform' WHERE NOT p_per_firm
    ON CONFLICT (name, key) DO UPDATE SET status = 'queued', run_at = now(), attempts = 0, finished_at = NULL,
      locked_until = NULL
    WHERE jobs.status IN ('done', 'skipped', 'failed')
      AND jobs.finished_at <= now() - make_interval(secs => p_every_seconds)
    RETURNING 1)
  SELECT count(*)::int FROM armed
$$;
--> statement-breakpoint
-- The firms a task runs for (ids only): every firm, or those with the module.
CREATE FUNCTION jobs_firms(p_feature text)
RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT f.id FROM firms f WHERE p_feature IS NULL OR p_feature = ANY (f.features) ORDER BY f.id
$$;
--> statement-breakpoint
-- Finished one-off jobs are kept a week (failed ones a month) to be looked at, then forgotten.
CREATE FUNCTION jobs_purge()
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  DELETE FROM jobs WHERE key IS NULL AND (
    (status IN ('done', 'skipped') AND finished_at < now() - interval '7 days')
    OR (status = 'failed' AND finished_at < now() - interval '30 days'))
$$;
--> statement-breakpoint
-- An email's message, for the job that sends it: only in the scope of the message's firm (the
-- platform's own messages in no firm's scope), and only while it is still to be sent.
CREATE FUNCTION outbox_message(p_id uuid)
RETURNS SETOF email_outbox
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT * FROM email_outbox
   WHERE id = p_id AND status IN ('pending', 'sending')
     AND firm_id IS NOT DISTINCT FROM NULLIF(current_setting('app.firm_id', true), '')::uuid
$$;
--> statement-breakpoint
-- The outcome of a send: sent, pending again (an error on a try that will be repeated), or
-- failed for good; in the same scope rule as outbox_message.
CREATE FUNCTION outbox_finish(p_id uuid, p_error text, p_final boolean)
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  UPDATE email_outbox SET
    status = (CASE WHEN p_error IS NULL THEN 'sent' WHEN p_final THEN 'failed' ELSE 'pending' END)::outbox_status,
    sent_at = CASE WHEN p_error IS NULL THEN now() END,
    last_error = p_error
  WHERE id = p_id AND firm_id IS NOT DISTINCT FROM NULLIF(current_setting('app.firm_id', true), '')::uuid
$$;
--> statement-breakpoint
-- Every queued email queues the job that sends it, in the same transaction: the platform's own
-- messages (no firm) included, which is why this runs as the owner.
CREATE FUNCTION outbox_queue_job() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  INSERT INTO jobs (firm_id, name, payload) VALUES (NEW.firm_id, 'email.send', jsonb_build_object('id', NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER email_outbox_job AFTER INSERT ON email_outbox
FOR EACH ROW EXECUTE FUNCTION outbox_queue_job();
--> statement-breakpoint
DROP TRIGGER email_outbox_notify ON email_outbox;--> statement-breakpoint
DROP FUNCTION outbox_notify();--> statement-breakpoint
-- Wake the runners as soon as a transaction that queued a job commits.
CREATE FUNCTION jobs_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_notify AFTER INSERT ON jobs
FOR EACH STATEMENT EXECUTE FUNCTION jobs_notify();
--> statement-breakpoint
-- Messages waiting when this ran are sent by jobs too.
INSERT INTO jobs (firm_id, name, payload)
SELECT firm_id, 'email.send', jsonb_build_object('id', id) FROM email_outbox WHERE status IN ('pending', 'sending');
--> statement-breakpoint
UPDATE email_outbox SET status = 'pending' WHERE status = 'sending';
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION
  jobs_claim(text[], integer, integer),
  jobs_finish(uuid, text, text, timestamptz),
  jobs_schedule(text, text, integer, boolean),
  jobs_firms(text),
  jobs_purge(),
  outbox_message(uuid),
  outbox_finish(uuid, text, boolean)
TO atelier_app;
