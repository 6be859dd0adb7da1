CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"lead_time_days" integer DEFAULT 14 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_days_check" CHECK (payment_terms_days BETWEEN 0 AND 365 AND lead_time_days BETWEEN 0 AND 365)
);
--> statement-breakpoint
ALTER TABLE "vendors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendors_name_idx" ON "vendors" USING btree ("firm_id","name_key","id");--> statement-breakpoint
CREATE INDEX "vendors_terms_idx" ON "vendors" USING btree ("firm_id","payment_terms_days","id");--> statement-breakpoint
CREATE INDEX "vendors_lead_time_idx" ON "vendors" USING btree ("firm_id","lead_time_days","id");--> statement-breakpoint
CREATE INDEX "vendors_created_idx" ON "vendors" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vendors_updated_idx" ON "vendors" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "vendors_search_idx" ON "vendors" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "vendors" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("vendors"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("vendors"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);