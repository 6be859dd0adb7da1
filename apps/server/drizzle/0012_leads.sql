CREATE TABLE "lead_capture_keys" (
	"firm_id" uuid PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_capture_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"name" text GENERATED ALWAYS AS (trim(first_name || ' ' || last_name)) STORED NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(trim(first_name || ' ' || last_name))) STORED NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"lost_reason" text DEFAULT '' NOT NULL,
	"estimated_value_cents" bigint DEFAULT 0 NOT NULL,
	"assigned_to" uuid,
	"ambassador_id" uuid,
	"next_follow_up" date,
	"follow_up_key" date GENERATED ALWAYS AS (COALESCE(next_follow_up, 'infinity'::date)) STORED NOT NULL,
	"follow_up_notified_on" date,
	"message" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"converted_customer_id" uuid,
	"converted_company_id" uuid,
	"converted_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_status_check" CHECK (status IN ('new', 'contacted', 'qualified', 'proposal', 'won', 'lost')),
	CONSTRAINT "leads_lost_reason_check" CHECK ((status = 'lost') = (lost_reason <> '')),
	CONSTRAINT "leads_value_check" CHECK (estimated_value_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "leads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lead_capture_keys" ADD CONSTRAINT "lead_capture_keys_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_converted_customer_id_customers_id_fk" FOREIGN KEY ("converted_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_converted_company_id_companies_id_fk" FOREIGN KEY ("converted_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_capture_keys_key_uq" ON "lead_capture_keys" USING btree ("key");--> statement-breakpoint
CREATE INDEX "leads_name_idx" ON "leads" USING btree ("firm_id","name_key","id");--> statement-breakpoint
CREATE INDEX "leads_value_idx" ON "leads" USING btree ("firm_id","estimated_value_cents","id");--> statement-breakpoint
CREATE INDEX "leads_follow_up_idx" ON "leads" USING btree ("firm_id","follow_up_key","id");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_updated_idx" ON "leads" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "leads_stage_follow_up_idx" ON "leads" USING btree ("firm_id","status","follow_up_key","id");--> statement-breakpoint
CREATE INDEX "leads_stage_updated_idx" ON "leads" USING btree ("firm_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "leads_assigned_idx" ON "leads" USING btree ("firm_id","assigned_to");--> statement-breakpoint
CREATE INDEX "leads_ambassador_idx" ON "leads" USING btree ("firm_id","ambassador_id");--> statement-breakpoint
CREATE INDEX "leads_converted_customer_idx" ON "leads" USING btree ("converted_customer_id");--> statement-breakpoint
CREATE INDEX "leads_converted_company_idx" ON "leads" USING btree ("converted_company_id");--> statement-breakpoint
CREATE INDEX "leads_reminder_idx" ON "leads" USING btree ("next_follow_up") WHERE next_follow_up IS NOT NULL AND archived_at IS NULL AND status IN ('new', 'contacted', 'qualified', 'proposal');--> statement-breakpoint
CREATE INDEX "leads_search_idx" ON "leads" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "lead_capture_keys" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("lead_capture_keys"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("lead_capture_keys"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "leads" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("leads"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("leads"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
-- The public website form: which firm a capture key belongs to, whether it has the leads
-- module, and its website (the one origin allowed to post from a browser). Runs as the owner
-- because no firm is known yet; returns only what the route needs.
CREATE FUNCTION web_lead_firm(p_key text)
RETURNS TABLE (firm_id uuid, enabled boolean, website text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT f.id, 'lead_management' = ANY (f.features), f.website
  FROM lead_capture_keys k
  JOIN firms f ON f.id = k.firm_id
  WHERE k.key = p_key
$$;
--> statement-breakpoint
-- Background job: open leads of every firm (with the module) whose follow-up is today in the
-- firm's own time zone and whose assignee has not been reminded of that date. Returns ids
-- only; the job then claims and notifies inside each firm's scope, under row-level security.
CREATE FUNCTION lead_follow_ups_due(p_now timestamptz)
RETURNS TABLE (firm_id uuid, lead_id uuid, due date)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT l.firm_id, l.id, l.next_follow_up
  FROM leads l
  JOIN firms f ON f.id = l.firm_id
  -- Every time zone's today lies within a day of UTC's: the range keeps to leads_reminder_idx.
  WHERE l.next_follow_up BETWEEN (p_now AT TIME ZONE 'UTC')::date - 1 AND (p_now AT TIME ZONE 'UTC')::date + 1
    AND l.archived_at IS NULL
    AND l.status IN ('new', 'contacted', 'qualified', 'proposal')
    AND l.assigned_to IS NOT NULL
    AND l.next_follow_up = (p_now AT TIME ZONE f.time_zone)::date
    AND l.follow_up_notified_on IS DISTINCT FROM l.next_follow_up
    AND 'lead_management' = ANY (f.features)
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION web_lead_firm(text), lead_follow_ups_due(timestamptz) TO atelier_app;
