CREATE TABLE "shipment_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"quantity_e4" bigint NOT NULL,
	CONSTRAINT "shipment_lines_quantity_check" CHECK (quantity_e4 > 0)
);
--> statement-breakpoint
ALTER TABLE "shipment_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"direction" text DEFAULT 'inbound' NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"carrier" text NOT NULL,
	"carrier_key" text GENERATED ALWAYS AS (lower(carrier)) STORED NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"ship_date" date,
	"expected_date" date,
	"expected_key" date GENERATED ALWAYS AS (COALESCE(expected_date, 'infinity'::date)) STORED NOT NULL,
	"delivered_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_direction_check" CHECK (direction IN ('inbound', 'outbound')),
	CONSTRAINT "shipments_status_check" CHECK (status IN ('booked', 'in_transit', 'delivered', 'exception'))
);
--> statement-breakpoint
ALTER TABLE "shipments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_lines_shipment_idx" ON "shipment_lines" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipment_lines_order_idx" ON "shipment_lines" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_number_uq" ON "shipments" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "shipments_carrier_idx" ON "shipments" USING btree ("firm_id","carrier_key","id");--> statement-breakpoint
CREATE INDEX "shipments_expected_idx" ON "shipments" USING btree ("firm_id","expected_key","id");--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_updated_idx" ON "shipments" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "shipments_search_idx" ON "shipments" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "shipment_lines" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("shipment_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("shipment_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "shipments" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("shipments"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("shipments"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);