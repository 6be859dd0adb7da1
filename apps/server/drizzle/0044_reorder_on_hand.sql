DROP INDEX "reorder_levels_item_uq";--> statement-breakpoint
DROP INDEX "vendor_items_vendor_item_uq";--> statement-breakpoint
DROP INDEX "vendor_items_preferred_uq";--> statement-breakpoint
ALTER TABLE "reorder_levels" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reorder_levels" ADD COLUMN "material_id" uuid;--> statement-breakpoint
ALTER TABLE "reorder_levels" ADD COLUMN "item_id" uuid GENERATED ALWAYS AS (COALESCE(variant_id, product_id, material_id)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "reorder_levels" ADD COLUMN "on_hand_e4" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_items" ADD COLUMN "item_id" uuid GENERATED ALWAYS AS (COALESCE(variant_id, product_id, material_id)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "reorder_levels" ADD CONSTRAINT "reorder_levels_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_archived_idx" ON "product_variants" USING btree ("firm_id","id") WHERE archived_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "products_archived_idx" ON "products" USING btree ("firm_id","id") WHERE archived_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reorder_levels_material_idx" ON "reorder_levels" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "reorder_levels_low_idx" ON "reorder_levels" USING btree ("firm_id","warehouse_id") WHERE on_hand_e4 <= point_e4;--> statement-breakpoint
CREATE UNIQUE INDEX "reorder_levels_item_uq" ON "reorder_levels" USING btree ("item_id","warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_items_vendor_item_uq" ON "vendor_items" USING btree ("vendor_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_items_preferred_uq" ON "vendor_items" USING btree ("firm_id","item_id") WHERE preferred;--> statement-breakpoint
ALTER TABLE "reorder_levels" ADD CONSTRAINT "reorder_levels_item_check" CHECK ((material_id IS NULL) <> (product_id IS NULL) AND (variant_id IS NULL OR product_id IS NOT NULL));--> statement-breakpoint
-- Each level starts with its warehouse's on hand; the ledger keeps it from here on.
UPDATE "reorder_levels" r SET "on_hand_e4" = l."on_hand_e4"
  FROM "stock_levels" l WHERE l."item_id" = r."item_id" AND l."warehouse_id" = r."warehouse_id";
