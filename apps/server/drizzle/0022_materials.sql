CREATE TABLE "materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"sku_key" text GENERATED ALWAYS AS (lower(sku)) STORED NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"cost_hc" bigint DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materials_unit_check" CHECK (unit IN ('each', 'box', 'sq_ft', 'linear_ft', 'sheet', 'slab', 'pair', 'set', 'hour', 'lb', 'gallon')),
	CONSTRAINT "materials_cost_check" CHECK (cost_hc >= 0)
);
--> statement-breakpoint
ALTER TABLE "materials" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "skus" DROP CONSTRAINT "skus_owner_check";--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "material_id" uuid;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "materials_name_idx" ON "materials" USING btree ("firm_id","name_key","id");--> statement-breakpoint
CREATE INDEX "materials_sku_idx" ON "materials" USING btree ("firm_id","sku_key","id");--> statement-breakpoint
CREATE INDEX "materials_cost_idx" ON "materials" USING btree ("firm_id","cost_hc","id");--> statement-breakpoint
CREATE INDEX "materials_created_idx" ON "materials" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "materials_updated_idx" ON "materials" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "materials_search_idx" ON "materials" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "skus_material_idx" ON "skus" USING btree ("material_id");--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_owner_check" CHECK (num_nonnulls(product_id, variant_id, material_id) = 1);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "materials" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("materials"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("materials"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
-- Written by hand: the materials module sits above the products module (decision 0018), so the
-- registry's key to a material is declared here rather than on the table. A SKU goes with its material.
ALTER TABLE "skus" ADD CONSTRAINT "skus_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;
