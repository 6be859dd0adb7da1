CREATE TABLE "reorder_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"warehouse_id" uuid NOT NULL,
	"point_e4" bigint NOT NULL,
	"quantity_e4" bigint NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reorder_levels_amounts_check" CHECK (point_e4 >= 0 AND quantity_e4 > 0)
);
--> statement-breakpoint
ALTER TABLE "reorder_levels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reorder_levels" ADD CONSTRAINT "reorder_levels_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_levels" ADD CONSTRAINT "reorder_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_levels" ADD CONSTRAINT "reorder_levels_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_levels" ADD CONSTRAINT "reorder_levels_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reorder_levels_item_uq" ON "reorder_levels" USING btree ("warehouse_id",COALESCE("variant_id", "product_id"));--> statement-breakpoint
CREATE INDEX "reorder_levels_product_idx" ON "reorder_levels" USING btree ("firm_id","product_id");--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "reorder_levels" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("reorder_levels"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("reorder_levels"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);