CREATE TABLE "purchase_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"material_id" uuid,
	"item_id" uuid GENERATED ALWAYS AS (COALESCE(variant_id, product_id, material_id)) STORED NOT NULL,
	"quantity_e4" bigint NOT NULL,
	"unit_cost_hc" bigint NOT NULL,
	"landed_unit_cost_hc" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"expected_date" date,
	"received_e4" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_order_lines_item_check" CHECK ((material_id IS NULL) <> (product_id IS NULL) AND (variant_id IS NULL OR product_id IS NOT NULL)),
	CONSTRAINT "purchase_order_lines_numbers_check" CHECK (quantity_e4 > 0 AND unit_cost_hc >= 0 AND received_e4 >= 0)
);
--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"number" integer NOT NULL,
	"vendor_id" uuid NOT NULL,
	"warehouse_id" uuid,
	"ship_to" jsonb,
	"status" text DEFAULT 'draft' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone,
	"expected_date" date,
	"expected_key" date GENERATED ALWAYS AS (COALESCE(expected_date, 'infinity'::date)) STORED NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"freight_cents" bigint DEFAULT 0 NOT NULL,
	"other_charges_cents" bigint DEFAULT 0 NOT NULL,
	"allocation" text DEFAULT 'value' NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"lines_received" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_status_check" CHECK (status IN ('draft', 'sent', 'partially_received', 'received', 'cancelled')),
	CONSTRAINT "purchase_orders_allocation_check" CHECK (allocation IN ('value', 'quantity')),
	CONSTRAINT "purchase_orders_money_check" CHECK (freight_cents >= 0 AND other_charges_cents >= 0 AND subtotal_cents >= 0),
	CONSTRAINT "purchase_orders_place_check" CHECK (warehouse_id IS NOT NULL OR ship_to IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "purchase_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "purchase_receipt_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"quantity_e4" bigint NOT NULL,
	"unit_cost_hc" bigint NOT NULL,
	CONSTRAINT "purchase_receipt_lines_quantity_check" CHECK (quantity_e4 > 0)
);
--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "purchase_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" uuid
);
--> statement-breakpoint
ALTER TABLE "purchase_receipts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_receipt_id_purchase_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."purchase_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("purchase_order_id","position");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_item_idx" ON "purchase_order_lines" USING btree ("firm_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_uq" ON "purchase_orders" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "purchase_orders_vendor_idx" ON "purchase_orders" USING btree ("firm_id","vendor_id","number");--> statement-breakpoint
CREATE INDEX "purchase_orders_expected_idx" ON "purchase_orders" USING btree ("firm_id","expected_key","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_total_idx" ON "purchase_orders" USING btree ("firm_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_idx" ON "purchase_orders" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_updated_idx" ON "purchase_orders" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_open_idx" ON "purchase_orders" USING btree ("firm_id","warehouse_id") WHERE status IN ('sent', 'partially_received');--> statement-breakpoint
CREATE INDEX "purchase_orders_search_idx" ON "purchase_orders" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchase_receipt_lines_receipt_idx" ON "purchase_receipt_lines" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "purchase_receipt_lines_line_idx" ON "purchase_receipt_lines" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "purchase_receipts_order_idx" ON "purchase_receipts" USING btree ("purchase_order_id","created_at");--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "purchase_order_lines" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("purchase_order_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("purchase_order_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "purchase_orders" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("purchase_orders"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("purchase_orders"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "purchase_receipt_lines" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("purchase_receipt_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("purchase_receipt_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "purchase_receipts" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("purchase_receipts"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("purchase_receipts"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);