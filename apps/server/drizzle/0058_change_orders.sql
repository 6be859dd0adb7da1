CREATE TABLE "change_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"change_order_id" uuid NOT NULL,
	"order_line_id" uuid,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"material_id" uuid,
	"item_id" uuid GENERATED ALWAYS AS (COALESCE(variant_id, product_id, material_id)) STORED,
	"special_vendor_id" uuid,
	"special_sku" text DEFAULT '' NOT NULL,
	"special_lead_days" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT 'each' NOT NULL,
	"measure" jsonb,
	"basis" text[] DEFAULT '{}'::text[] NOT NULL,
	"pieces_e4" bigint NOT NULL,
	"quantity_e4" bigint NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"list_price_cents" bigint NOT NULL,
	"price_source" text DEFAULT 'List price' NOT NULL,
	"price_entered" boolean DEFAULT false NOT NULL,
	"unit_cost_hc" bigint DEFAULT 0 NOT NULL,
	"discount" jsonb,
	"tax_class" text NOT NULL,
	"tax_rate_bps" integer DEFAULT 0 NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"selected" boolean DEFAULT false NOT NULL,
	"group_key" text,
	"chosen" boolean DEFAULT false NOT NULL,
	"counted" boolean DEFAULT true NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"line_discount_cents" bigint DEFAULT 0 NOT NULL,
	"order_discount_cents" bigint DEFAULT 0 NOT NULL,
	"coupon_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "change_order_lines_kind_check" CHECK ((kind = 'item' AND (material_id IS NULL) <> (product_id IS NULL) AND (variant_id IS NULL OR product_id IS NOT NULL)
      AND special_vendor_id IS NULL)
      OR (kind = 'special' AND product_id IS NULL AND variant_id IS NULL AND material_id IS NULL AND special_vendor_id IS NOT NULL)
      OR (kind = 'text' AND product_id IS NULL AND variant_id IS NULL AND material_id IS NULL AND special_vendor_id IS NULL)),
	CONSTRAINT "change_order_lines_numbers_check" CHECK (quantity_e4 > 0 AND pieces_e4 > 0 AND unit_price_cents >= 0 AND subtotal_cents >= 0 AND net_cents >= 0
      AND tax_cents >= 0 AND line_discount_cents >= 0 AND order_discount_cents >= 0 AND coupon_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "change_order_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "change_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"reason" text NOT NULL,
	"base_revision" integer NOT NULL,
	"revision" integer,
	"previous_total_cents" bigint,
	"sent_at" timestamp with time zone,
	"approved_by" text,
	"approval_method" text,
	"approved_at" timestamp with time zone,
	"approval_note" text DEFAULT '' NOT NULL,
	"recorded_by_id" uuid,
	"declined_at" timestamp with time zone,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"line_discount_cents" bigint DEFAULT 0 NOT NULL,
	"order_discount_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_orders_status_check" CHECK (status IN ('draft', 'sent', 'approved', 'declined')),
	CONSTRAINT "change_orders_approval_check" CHECK ((status = 'approved') = (approved_at IS NOT NULL AND approved_by IS NOT NULL AND approval_method IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "change_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "order_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" bigint NOT NULL,
	"change_order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_revisions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shipment_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"quantity_e4" bigint NOT NULL,
	CONSTRAINT "shipment_order_lines_quantity_check" CHECK (quantity_e4 > 0)
);
--> statement-breakpoint
ALTER TABLE "shipment_order_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "reorder_levels_low_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reorder_levels" ADD COLUMN "committed_e4" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "change_order_lines" ADD CONSTRAINT "change_order_lines_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_lines" ADD CONSTRAINT "change_order_lines_change_order_id_change_orders_id_fk" FOREIGN KEY ("change_order_id") REFERENCES "public"."change_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_lines" ADD CONSTRAINT "change_order_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_lines" ADD CONSTRAINT "change_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_lines" ADD CONSTRAINT "change_order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_lines" ADD CONSTRAINT "change_order_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_lines" ADD CONSTRAINT "change_order_lines_special_vendor_id_vendors_id_fk" FOREIGN KEY ("special_vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_revisions" ADD CONSTRAINT "order_revisions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_revisions" ADD CONSTRAINT "order_revisions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_order_lines" ADD CONSTRAINT "shipment_order_lines_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_order_lines" ADD CONSTRAINT "shipment_order_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_order_lines" ADD CONSTRAINT "shipment_order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_order_lines" ADD CONSTRAINT "shipment_order_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_order_lines_parent_idx" ON "change_order_lines" USING btree ("change_order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "change_orders_number_uq" ON "change_orders" USING btree ("firm_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "change_orders_sequence_uq" ON "change_orders" USING btree ("order_id","sequence");--> statement-breakpoint
CREATE INDEX "change_orders_total_idx" ON "change_orders" USING btree ("firm_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "change_orders_created_idx" ON "change_orders" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "change_orders_updated_idx" ON "change_orders" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_revisions_uq" ON "order_revisions" USING btree ("order_id","revision");--> statement-breakpoint
CREATE INDEX "shipment_order_lines_shipment_idx" ON "shipment_order_lines" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipment_order_lines_order_idx" ON "shipment_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reorder_levels_low_idx" ON "reorder_levels" USING btree ("firm_id","warehouse_id") WHERE on_hand_e4 - committed_e4 <= point_e4;--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "change_order_lines" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("change_order_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("change_order_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "change_orders" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("change_orders"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("change_orders"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "order_revisions" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("order_revisions"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("order_revisions"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "shipment_order_lines" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("shipment_order_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("shipment_order_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
-- What confirmed orders already hold, copied onto the reorder levels low stock reads.
UPDATE "reorder_levels" r SET "committed_e4" = sl."committed_e4" FROM "stock_levels" sl WHERE sl."item_id" = r."item_id" AND sl."warehouse_id" = r."warehouse_id" AND sl."committed_e4" <> 0;
