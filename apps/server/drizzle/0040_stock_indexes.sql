DROP INDEX "stock_movements_item_idx";--> statement-breakpoint
DROP INDEX "stock_movements_product_idx";--> statement-breakpoint
DROP INDEX "stock_movements_material_idx";--> statement-breakpoint
DROP INDEX "stock_movements_source_idx";--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("firm_id","product_id","created_at" DESC NULLS FIRST,"id") WHERE product_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_material_idx" ON "stock_movements" USING btree ("firm_id","material_id","created_at" DESC NULLS FIRST,"id") WHERE material_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_source_idx" ON "stock_movements" USING btree ("source_id") WHERE source_id IS NOT NULL;