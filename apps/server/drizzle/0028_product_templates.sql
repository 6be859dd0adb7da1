CREATE TABLE "product_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_templates_name_uq" ON "product_templates" USING btree ("firm_id","name_key");--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "product_templates" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("product_templates"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("product_templates"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);