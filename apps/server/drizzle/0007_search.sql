CREATE TABLE "recent_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"search" text NOT NULL,
	"type" text NOT NULL,
	"search_id" uuid,
	"saved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recent_searches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "search_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(title)) STORED NOT NULL,
	"search_text" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recent_searches_user_idx" ON "recent_searches" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "search_entries_entity_uq" ON "search_entries" USING btree ("entity_id","entity_type");--> statement-breakpoint
CREATE INDEX "search_entries_name_idx" ON "search_entries" USING btree ("firm_id","name_key","id");--> statement-breakpoint
CREATE INDEX "search_entries_search_idx" ON "search_entries" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "recent_searches" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("recent_searches"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("recent_searches"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "search_entries" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("search_entries"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("search_entries"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
-- Index what exists already; from now on each write keeps its entry current in its own transaction.
INSERT INTO search_entries (firm_id, entity_type, entity_id, title, subtitle, search_text, archived)
SELECT firm_id, 'company', id, name, concat_ws(' · ', NULLIF(email, ''), NULLIF(phone, '')), search_text, archived_at IS NOT NULL
FROM companies;
--> statement-breakpoint
INSERT INTO search_entries (firm_id, entity_type, entity_id, title, subtitle, search_text, archived)
SELECT firm_id, 'customer', id, name, concat_ws(' · ', NULLIF(primary_email, ''), NULLIF(phones->0->>'number', '')), search_text, archived_at IS NOT NULL
FROM customers;
