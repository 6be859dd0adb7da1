CREATE TABLE "ambassadors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"kind" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"referral_code" text NOT NULL,
	"commission_bp" integer DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ambassadors_kind_check" CHECK (kind IN ('person', 'business')),
	CONSTRAINT "ambassadors_commission_check" CHECK (commission_bp BETWEEN 0 AND 5000)
);
--> statement-breakpoint
ALTER TABLE "ambassadors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "ambassador_id" uuid;--> statement-breakpoint
ALTER TABLE "ambassadors" ADD CONSTRAINT "ambassadors_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ambassadors_code_uq" ON "ambassadors" USING btree ("firm_id","referral_code");--> statement-breakpoint
CREATE INDEX "ambassadors_name_idx" ON "ambassadors" USING btree ("firm_id","name_key","id");--> statement-breakpoint
CREATE INDEX "ambassadors_created_idx" ON "ambassadors" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ambassadors_updated_idx" ON "ambassadors" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "ambassadors_search_idx" ON "ambassadors" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_ambassador_idx" ON "customers" USING btree ("firm_id","ambassador_id");--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "ambassadors" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("ambassadors"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("ambassadors"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);