CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"status" text DEFAULT 'unassigned' NOT NULL,
	"task_type" text,
	"customer_job_id" uuid,
	"entity_type" text,
	"entity_id" uuid,
	"entity_name" text,
	"company_id" uuid,
	"assigned_to" uuid,
	"due_date" date,
	"due_key" date GENERATED ALWAYS AS (COALESCE(due_date, 'infinity'::date)) STORED NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" bigint NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_status_check" CHECK (length(status) BETWEEN 1 AND 60),
	CONSTRAINT "tasks_priority_check" CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
	CONSTRAINT "tasks_entity_check" CHECK ((entity_id IS NULL) = (entity_type IS NULL)),
	CONSTRAINT "tasks_position_check" CHECK (position >= 0)
);
--> statement-breakpoint
ALTER TABLE "tasks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_customer_job_id_customer_jobs_id_fk" FOREIGN KEY ("customer_job_id") REFERENCES "public"."customer_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_name_idx" ON "tasks" USING btree ("firm_id","name_key","id");--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("firm_id","due_key","id");--> statement-breakpoint
CREATE INDEX "tasks_position_idx" ON "tasks" USING btree ("firm_id","position","id");--> statement-breakpoint
CREATE INDEX "tasks_status_idx" ON "tasks" USING btree ("firm_id","status","position");--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_updated_idx" ON "tasks" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "tasks_assigned_idx" ON "tasks" USING btree ("firm_id","assigned_to","position");--> statement-breakpoint
CREATE INDEX "tasks_job_idx" ON "tasks" USING btree ("customer_job_id");--> statement-breakpoint
CREATE INDEX "tasks_company_idx" ON "tasks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "tasks_entity_idx" ON "tasks" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "tasks" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("tasks"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("tasks"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);