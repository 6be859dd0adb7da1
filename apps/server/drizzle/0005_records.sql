CREATE TYPE "public"."company_type" AS ENUM('trade', 'retail', 'wholesale', 'contractor');--> statement-breakpoint
CREATE TYPE "public"."interaction_kind" AS ENUM('call', 'email', 'meeting', 'note');--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" "company_type" NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assigned_to" uuid,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"credit_limit_cents" bigint DEFAULT 0 NOT NULL,
	"price_level" text DEFAULT '' NOT NULL,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"tax_certificate_file_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"name" text GENERATED ALWAYS AS (trim(first_name || ' ' || last_name)) STORED NOT NULL,
	"company_id" uuid,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"primary_email" text DEFAULT '' NOT NULL,
	"assigned_to" uuid,
	"source" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"consent_at" timestamp with time zone,
	"user_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "interactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"kind" "interaction_kind" NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"author_id" uuid,
	"summary" text NOT NULL,
	"follow_up_on" date,
	"follow_up_done_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interactions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_tax_certificate_file_id_files_id_fk" FOREIGN KEY ("tax_certificate_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("firm_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "companies_type_idx" ON "companies" USING btree ("firm_id","type","id");--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "companies_updated_idx" ON "companies" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "companies_assigned_idx" ON "companies" USING btree ("firm_id","assigned_to");--> statement-breakpoint
CREATE INDEX "companies_search_idx" ON "companies" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("firm_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("firm_id","primary_email","id");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_updated_idx" ON "customers" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "customers_company_idx" ON "customers" USING btree ("firm_id","company_id");--> statement-breakpoint
CREATE INDEX "customers_assigned_idx" ON "customers" USING btree ("firm_id","assigned_to");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_user_uq" ON "customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "interactions_entity_idx" ON "interactions" USING btree ("firm_id","entity_type","entity_id","occurred_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "interactions_follow_up_idx" ON "interactions" USING btree ("firm_id","author_id","follow_up_on") WHERE "interactions"."follow_up_on" IS NOT NULL AND "interactions"."follow_up_done_at" IS NULL;--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "companies" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("companies"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("companies"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "customers" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("customers"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("customers"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "interactions" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("interactions"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("interactions"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);