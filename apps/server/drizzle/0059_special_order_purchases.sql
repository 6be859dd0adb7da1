ALTER TABLE "purchase_order_lines" DROP CONSTRAINT "purchase_order_lines_item_check";--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ALTER COLUMN "item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "purchase_order_line_id" uuid;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "vendor_sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_purchase_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("purchase_order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_po_line_idx" ON "order_lines" USING btree ("purchase_order_line_id") WHERE purchase_order_line_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_created_by_idx" ON "orders" USING btree ("firm_id","created_by") WHERE created_by IS NOT NULL;--> statement-breakpoint
CREATE INDEX "quotes_created_by_idx" ON "quotes" USING btree ("firm_id","created_by") WHERE created_by IS NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_item_check" CHECK (((material_id IS NULL) <> (product_id IS NULL) AND (variant_id IS NULL OR product_id IS NOT NULL))
        OR (product_id IS NULL AND variant_id IS NULL AND material_id IS NULL AND name <> ''));