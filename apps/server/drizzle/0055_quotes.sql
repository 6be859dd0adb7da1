CREATE TABLE "quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
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
	CONSTRAINT "quote_lines_kind_check" CHECK ((kind = 'item' AND (material_id IS NULL) <> (product_id IS NULL) AND (variant_id IS NULL OR product_id IS NOT NULL)
      AND special_vendor_id IS NULL)
      OR (kind = 'special' AND product_id IS NULL AND variant_id IS NULL AND material_id IS NULL AND special_vendor_id IS NOT NULL)
      OR (kind = 'text' AND product_id IS NULL AND variant_id IS NULL AND material_id IS NULL AND special_vendor_id IS NULL)),
	CONSTRAINT "quote_lines_numbers_check" CHECK (quantity_e4 > 0 AND pieces_e4 > 0 AND unit_price_cents >= 0 AND subtotal_cents >= 0 AND net_cents >= 0
      AND tax_cents >= 0 AND line_discount_cents >= 0 AND order_discount_cents >= 0 AND coupon_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "quote_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_revisions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"customer_id" uuid NOT NULL,
	"company_id" uuid,
	"customer_job_id" uuid,
	"valid_until" date NOT NULL,
	"ship_to" jsonb,
	"notes" text DEFAULT '' NOT NULL,
	"discount" jsonb,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"line_discount_cents" bigint DEFAULT 0 NOT NULL,
	"order_discount_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"order_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK (status IN ('draft', 'sent', 'accepted', 'declined', 'expired')),
	CONSTRAINT "quotes_money_check" CHECK (shipping_cents >= 0 AND subtotal_cents >= 0 AND tax_cents >= 0 AND total_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "quotes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_special_vendor_id_vendors_id_fk" FOREIGN KEY ("special_vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD CONSTRAINT "quote_revisions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD CONSTRAINT "quote_revisions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_job_id_customer_jobs_id_fk" FOREIGN KEY ("customer_job_id") REFERENCES "public"."customer_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_revisions_uq" ON "quote_revisions" USING btree ("quote_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_uq" ON "quotes" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "quotes_customer_idx" ON "quotes" USING btree ("firm_id","customer_id","number");--> statement-breakpoint
CREATE INDEX "quotes_job_idx" ON "quotes" USING btree ("customer_job_id") WHERE customer_job_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "quotes_valid_idx" ON "quotes" USING btree ("firm_id","valid_until","id");--> statement-breakpoint
CREATE INDEX "quotes_expiring_idx" ON "quotes" USING btree ("firm_id","valid_until") WHERE status = 'sent';--> statement-breakpoint
CREATE INDEX "quotes_total_idx" ON "quotes" USING btree ("firm_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_updated_idx" ON "quotes" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "quotes_search_idx" ON "quotes" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "quote_lines" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("quote_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("quote_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "quote_revisions" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("quote_revisions"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("quote_revisions"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "quotes" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("quotes"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("quotes"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);