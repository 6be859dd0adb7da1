CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"task_id" uuid,
	"task_name" text NOT NULL,
	"task_type" text,
	"customer_job_id" uuid,
	"entity_type" text,
	"entity_id" uuid,
	"entity_name" text,
	"company_id" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"minutes" integer,
	"cost_rate_cents" bigint,
	"cost_cents" bigint,
	"source" text DEFAULT 'clock' NOT NULL,
	"auto_closed" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"week" date NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_order_check" CHECK (ended_at IS NULL OR ended_at > started_at),
	CONSTRAINT "time_entries_minutes_check" CHECK (minutes IS NULL OR minutes >= 0),
	CONSTRAINT "time_entries_cost_check" CHECK (cost_rate_cents IS NULL OR cost_rate_cents >= 0),
	CONSTRAINT "time_entries_entity_check" CHECK ((entity_id IS NULL) = (entity_type IS NULL)),
	CONSTRAINT "time_entries_source_check" CHECK (source IN ('clock', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "time_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "timesheet_weeks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"week" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"return_note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_weeks_status_check" CHECK (status IN ('open', 'submitted', 'approved')),
	CONSTRAINT "timesheet_weeks_monday_check" CHECK (extract(isodow FROM week) = 1)
);
--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "clocked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "current_task" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cost_rate_cents" bigint;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_customer_job_id_customer_jobs_id_fk" FOREIGN KEY ("customer_job_id") REFERENCES "public"."customer_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_user_uq" ON "calendar_feeds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_uq" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "calendar_feeds_firm_idx" ON "calendar_feeds" USING btree ("firm_id");--> statement-breakpoint
CREATE INDEX "time_entries_user_idx" ON "time_entries" USING btree ("firm_id","user_id","started_at");--> statement-breakpoint
CREATE INDEX "time_entries_week_idx" ON "time_entries" USING btree ("user_id","week");--> statement-breakpoint
CREATE INDEX "time_entries_start_idx" ON "time_entries" USING btree ("firm_id","started_at","id");--> statement-breakpoint
CREATE INDEX "time_entries_created_idx" ON "time_entries" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "time_entries_updated_idx" ON "time_entries" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "time_entries_job_idx" ON "time_entries" USING btree ("customer_job_id");--> statement-breakpoint
CREATE INDEX "time_entries_task_idx" ON "time_entries" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "time_entries_company_idx" ON "time_entries" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_running_uq" ON "time_entries" USING btree ("user_id") WHERE ended_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_weeks_user_week_uq" ON "timesheet_weeks" USING btree ("user_id","week");--> statement-breakpoint
CREATE INDEX "timesheet_weeks_status_idx" ON "timesheet_weeks" USING btree ("firm_id","status","week");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cost_rate_check" CHECK (cost_rate_cents >= 0);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "calendar_feeds" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("calendar_feeds"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("calendar_feeds"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "time_entries" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("time_entries"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("time_entries"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "timesheet_weeks" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("timesheet_weeks"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("timesheet_weeks"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
-- A person's entries never overlap: equality on the person needs btree_gist (trusted, in 15 and 18).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("started_at", "ended_at", '[)') WITH &&);
--> statement-breakpoint
-- The public iCalendar feed: which person (and firm) a token's hash belongs to, across firms,
-- before any firm scope is set; it answers nothing else.
CREATE FUNCTION calendar_feed_find(p_token_hash text)
RETURNS TABLE (feed_id uuid, firm_id uuid, user_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT f.id, f.firm_id, f.user_id
  FROM calendar_feeds f
  JOIN users u ON u.id = f.user_id
  WHERE f.token_hash = p_token_hash AND u.deleted_at IS NULL AND u.active
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION calendar_feed_find(text) TO atelier_app;
