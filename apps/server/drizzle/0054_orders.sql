CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
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
	"committed_e4" bigint DEFAULT 0 NOT NULL,
	"delivered_e4" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_kind_check" CHECK ((kind = 'item' AND (material_id IS NULL) <> (product_id IS NULL) AND (variant_id IS NULL OR product_id IS NOT NULL)
      AND special_vendor_id IS NULL)
      OR (kind = 'special' AND product_id IS NULL AND variant_id IS NULL AND material_id IS NULL AND special_vendor_id IS NOT NULL)
      OR (kind = 'text' AND product_id IS NULL AND variant_id IS NULL AND material_id IS NULL AND special_vendor_id IS NULL)),
	CONSTRAINT "order_lines_numbers_check" CHECK (quantity_e4 > 0 AND pieces_e4 > 0 AND unit_price_cents >= 0 AND subtotal_cents >= 0 AND net_cents >= 0
      AND tax_cents >= 0 AND line_discount_cents >= 0 AND order_discount_cents >= 0 AND coupon_cents >= 0),
	CONSTRAINT "order_lines_kind_values_check" CHECK (kind IN ('item', 'special', 'text')),
	CONSTRAINT "order_lines_stock_check" CHECK (committed_e4 >= 0 AND delivered_e4 >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"customer_id" uuid NOT NULL,
	"company_id" uuid,
	"customer_job_id" uuid,
	"warehouse_id" uuid,
	"ambassador_id" uuid,
	"fulfilment" text DEFAULT 'delivery' NOT NULL,
	"ship_to" jsonb,
	"requested_date" date,
	"requested_key" date GENERATED ALWAYS AS (COALESCE(requested_date, 'infinity'::date)) STORED NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"discount" jsonb,
	"coupon_code" text,
	"coupon_id" uuid,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"deposit" jsonb,
	"deposit_cents" bigint DEFAULT 0 NOT NULL,
	"payment_terms_days" integer DEFAULT 0 NOT NULL,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"line_discount_cents" bigint DEFAULT 0 NOT NULL,
	"order_discount_cents" bigint DEFAULT 0 NOT NULL,
	"coupon_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"original_total_cents" bigint,
	"line_count" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK (status IN ('draft', 'confirmed', 'fulfilled', 'closed', 'cancelled')),
	CONSTRAINT "orders_fulfilment_check" CHECK (fulfilment IN ('delivery', 'shipment', 'pickup')),
	CONSTRAINT "orders_money_check" CHECK (shipping_cents >= 0 AND subtotal_cents >= 0 AND discount_cents >= 0 AND tax_cents >= 0 AND total_cents >= 0
        AND deposit_cents >= 0 AND deposit_cents <= total_cents)
);
--> statement-breakpoint
ALTER TABLE "orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"firm_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"record_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_firm_id_scope_key_pk" PRIMARY KEY("firm_id","scope","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD COLUMN "committed_e4" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_special_vendor_id_vendors_id_fk" FOREIGN KEY ("special_vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_job_id_customer_jobs_id_fk" FOREIGN KEY ("customer_job_id") REFERENCES "public"."customer_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_item_idx" ON "order_lines" USING btree ("firm_id","item_id") WHERE item_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id") WHERE product_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_lines_material_idx" ON "order_lines" USING btree ("material_id") WHERE material_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("firm_id","customer_id","number");--> statement-breakpoint
CREATE INDEX "orders_company_idx" ON "orders" USING btree ("firm_id","company_id","number") WHERE company_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_job_idx" ON "orders" USING btree ("customer_job_id") WHERE customer_job_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("firm_id","status","number");--> statement-breakpoint
CREATE INDEX "orders_requested_idx" ON "orders" USING btree ("firm_id","requested_key","id");--> statement-breakpoint
CREATE INDEX "orders_confirmed_idx" ON "orders" USING btree ("firm_id","confirmed_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("firm_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_committed_check" CHECK (committed_e4 >= 0);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "order_lines" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("order_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("order_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "orders" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("orders"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("orders"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "idempotency_keys" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("idempotency_keys"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("idempotency_keys"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);