CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"values" text[] NOT NULL,
	"combo_key" text NOT NULL,
	"sku" text NOT NULL,
	"price_cents" bigint,
	"cost_hc" bigint,
	"barcode" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_money_check" CHECK ((price_cents IS NULL OR price_cents >= 0) AND (cost_hc IS NULL OR cost_hc >= 0))
);
--> statement-breakpoint
ALTER TABLE "product_variants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "skus" DROP CONSTRAINT "skus_owner_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_combo_uq" ON "product_variants" USING btree ("product_id","combo_key");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("firm_id","product_id","position");--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skus_variant_idx" ON "skus" USING btree ("variant_id");--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_owner_check" CHECK (num_nonnulls(product_id, variant_id) = 1);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "product_variants" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("product_variants"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("product_variants"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);