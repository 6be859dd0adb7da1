CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"sku_key" text GENERATED ALWAYS AS (lower(sku)) STORED NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"unit" text NOT NULL,
	"coverage_e4" bigint,
	"coverage_unit" text,
	"price_cents" bigint NOT NULL,
	"cost_hc" bigint DEFAULT 0 NOT NULL,
	"tax_class" text NOT NULL,
	"pricing_mode" text DEFAULT 'unit' NOT NULL,
	"pricing_min_e4" bigint DEFAULT 0 NOT NULL,
	"pricing_inc_e4" bigint DEFAULT 0 NOT NULL,
	"width_e4" bigint,
	"height_e4" bigint,
	"depth_e4" bigint,
	"weight_e4" bigint,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_status_check" CHECK (status IN ('active', 'draft')),
	CONSTRAINT "products_unit_check" CHECK (unit IN ('each', 'box', 'sq_ft', 'linear_ft', 'sheet', 'slab', 'pair', 'set', 'hour', 'lb', 'gallon')),
	CONSTRAINT "products_pricing_mode_check" CHECK (pricing_mode IN ('unit', 'area', 'length')),
	CONSTRAINT "products_coverage_check" CHECK ((coverage_e4 IS NULL) = (coverage_unit IS NULL) AND (coverage_e4 IS NULL OR coverage_e4 > 0)
        AND (coverage_unit IS NULL OR coverage_unit IN ('sq_ft', 'linear_ft'))),
	CONSTRAINT "products_money_check" CHECK (price_cents >= 0 AND cost_hc >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "skus" (
	"firm_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"sku_key" text GENERATED ALWAYS AS (lower(sku)) STORED NOT NULL,
	"product_id" uuid,
	CONSTRAINT "skus_owner_check" CHECK (num_nonnulls(product_id) = 1)
);
--> statement-breakpoint
ALTER TABLE "skus" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("firm_id","name_key","id");--> statement-breakpoint
CREATE INDEX "products_sku_idx" ON "products" USING btree ("firm_id","sku_key","id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("firm_id","price_cents","id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_updated_idx" ON "products" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "skus_firm_key_uq" ON "skus" USING btree ("firm_id","sku_key");--> statement-breakpoint
CREATE INDEX "skus_product_idx" ON "skus" USING btree ("product_id");--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "products" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("products"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("products"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "skus" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("skus"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("skus"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);