CREATE TABLE "vendor_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"material_id" uuid,
	"vendor_sku" text DEFAULT '' NOT NULL,
	"cost_hc" bigint NOT NULL,
	"pack_size" integer DEFAULT 1 NOT NULL,
	"minimum_packs" integer DEFAULT 1 NOT NULL,
	"lead_time_days" integer,
	"preferred" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_items_item_check" CHECK (num_nonnulls(product_id, variant_id, material_id) = 1),
	CONSTRAINT "vendor_items_numbers_check" CHECK (cost_hc >= 0 AND pack_size >= 1 AND minimum_packs >= 1)
);
--> statement-breakpoint
ALTER TABLE "vendor_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "vendor_items" ADD CONSTRAINT "vendor_items_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_items" ADD CONSTRAINT "vendor_items_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_items" ADD CONSTRAINT "vendor_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_items" ADD CONSTRAINT "vendor_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_items" ADD CONSTRAINT "vendor_items_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_items_vendor_item_uq" ON "vendor_items" USING btree ("vendor_id",coalesce("product_id", "variant_id", "material_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_items_preferred_uq" ON "vendor_items" USING btree ("firm_id",coalesce("product_id", "variant_id", "material_id")) WHERE preferred;--> statement-breakpoint
CREATE INDEX "vendor_items_product_idx" ON "vendor_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "vendor_items_variant_idx" ON "vendor_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "vendor_items_material_idx" ON "vendor_items" USING btree ("material_id");--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "vendor_items" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("vendor_items"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("vendor_items"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);