CREATE TABLE "liens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"customer_job_id" uuid NOT NULL,
	"state" text NOT NULL,
	"role" text NOT NULL,
	"project_type" text NOT NULL,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"first_furnishing_on" date,
	"last_furnishing_on" date,
	"completion_on" date,
	"notice_of_completion_on" date,
	"recorded_on" date,
	"property_address" text DEFAULT '' NOT NULL,
	"property_owner" text DEFAULT '' NOT NULL,
	"hiring_party" text DEFAULT '' NOT NULL,
	"amount_owed_cents" bigint,
	"status" text DEFAULT 'notice_due' NOT NULL,
	"responsible_id" uuid,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"next_deadline_on" date,
	"next_deadline_key" date GENERATED ALWAYS AS (COALESCE(next_deadline_on, 'infinity'::date)) STORED NOT NULL,
	"next_deadline_kind" text,
	"reminders_sent" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liens_role_check" CHECK (role IN ('prime', 'subcontractor', 'supplier')),
	CONSTRAINT "liens_project_type_check" CHECK (project_type IN ('residential', 'commercial')),
	CONSTRAINT "liens_status_check" CHECK (status IN ('notice_due', 'notice_sent', 'filed', 'released', 'expired')),
	CONSTRAINT "liens_next_kind_check" CHECK (next_deadline_kind IS NULL OR next_deadline_kind IN ('preliminary_notice', 'lien_recording', 'enforcement')),
	CONSTRAINT "liens_state_check" CHECK (state ~ '^[A-Z]{2}$'),
	CONSTRAINT "liens_amount_check" CHECK (amount_owed_cents IS NULL OR amount_owed_cents >= 0),
	CONSTRAINT "liens_dates_check" CHECK ((last_furnishing_on IS NULL OR first_furnishing_on IS NULL OR last_furnishing_on >= first_furnishing_on)
        AND (completion_on IS NULL OR first_furnishing_on IS NULL OR completion_on >= first_furnishing_on))
);
--> statement-breakpoint
ALTER TABLE "liens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "liens" ADD CONSTRAINT "liens_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liens" ADD CONSTRAINT "liens_customer_job_id_customer_jobs_id_fk" FOREIGN KEY ("customer_job_id") REFERENCES "public"."customer_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liens" ADD CONSTRAINT "liens_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "liens_job_uq" ON "liens" USING btree ("firm_id","customer_job_id");--> statement-breakpoint
CREATE INDEX "liens_next_idx" ON "liens" USING btree ("firm_id","next_deadline_key","id");--> statement-breakpoint
CREATE INDEX "liens_created_idx" ON "liens" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "liens_updated_idx" ON "liens" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "liens_responsible_idx" ON "liens" USING btree ("responsible_id");--> statement-breakpoint
CREATE INDEX "liens_search_idx" ON "liens" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "liens" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("liens"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("liens"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);