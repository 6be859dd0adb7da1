CREATE TABLE "company_prices" (
	"firm_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"item_id" uuid GENERATED ALWAYS AS (COALESCE(variant_id, product_id)) STORED NOT NULL,
	"price_cents" bigint NOT NULL,
	CONSTRAINT "company_prices_company_id_item_id_pk" PRIMARY KEY("company_id","item_id"),
	CONSTRAINT "company_prices_price_check" CHECK (price_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "company_prices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "company_prices" ADD CONSTRAINT "company_prices_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_prices" ADD CONSTRAINT "company_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_prices" ADD CONSTRAINT "company_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_prices" ADD CONSTRAINT "company_prices_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "company_prices" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("company_prices"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("company_prices"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);