CREATE TABLE "customer_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"customer_id" uuid,
	"company_id" uuid,
	"status" text DEFAULT 'planned' NOT NULL,
	"site" jsonb NOT NULL,
	"city" text GENERATED ALWAYS AS (COALESCE(site ->> 'city', '')) STORED NOT NULL,
	"start_date" date,
	"end_date" date,
	"start_key" date GENERATED ALWAYS AS (COALESCE(start_date, 'infinity'::date)) STORED NOT NULL,
	"budget_revenue_cents" bigint DEFAULT 0 NOT NULL,
	"budget_cost_cents" bigint DEFAULT 0 NOT NULL,
	"budget_hours_e2" integer DEFAULT 0 NOT NULL,
	"assigned_to" uuid,
	"crew" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_jobs_status_check" CHECK (status IN ('planned', 'scheduled', 'in_progress', 'on_hold', 'completed', 'cancelled')),
	CONSTRAINT "customer_jobs_dates_check" CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date),
	CONSTRAINT "customer_jobs_budget_check" CHECK (budget_revenue_cents >= 0 AND budget_cost_cents >= 0 AND budget_hours_e2 >= 0),
	CONSTRAINT "customer_jobs_company_check" CHECK (company_id IS NULL OR customer_id IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "customer_jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "customer_jobs" ADD CONSTRAINT "customer_jobs_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_jobs" ADD CONSTRAINT "customer_jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_jobs" ADD CONSTRAINT "customer_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_jobs" ADD CONSTRAINT "customer_jobs_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_jobs_name_idx" ON "customer_jobs" USING btree ("firm_id","name_key","id");--> statement-breakpoint
CREATE INDEX "customer_jobs_start_idx" ON "customer_jobs" USING btree ("firm_id","start_key","id");--> statement-breakpoint
CREATE INDEX "customer_jobs_created_idx" ON "customer_jobs" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_jobs_updated_idx" ON "customer_jobs" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "customer_jobs_status_idx" ON "customer_jobs" USING btree ("firm_id","status","id");--> statement-breakpoint
CREATE INDEX "customer_jobs_customer_idx" ON "customer_jobs" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_jobs_company_idx" ON "customer_jobs" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "customer_jobs_assigned_idx" ON "customer_jobs" USING btree ("firm_id","assigned_to");--> statement-breakpoint
CREATE INDEX "customer_jobs_search_idx" ON "customer_jobs" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "customer_jobs" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("customer_jobs"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("customer_jobs"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);