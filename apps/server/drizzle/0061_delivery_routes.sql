CREATE TABLE "delivery_routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"number" integer NOT NULL,
	"date" date NOT NULL,
	"driver_id" uuid,
	"vehicle" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"stop_count" integer DEFAULT 0 NOT NULL,
	"delivered_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_routes_status_check" CHECK (status IN ('scheduled', 'in_progress', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "delivery_routes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "delivery_stop_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"stop_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"quantity_e4" bigint NOT NULL,
	CONSTRAINT "delivery_stop_lines_quantity_check" CHECK (quantity_e4 > 0)
);
--> statement-breakpoint
ALTER TABLE "delivery_stop_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "delivery_stops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"route_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"address" jsonb,
	"window_start" text,
	"window_end" text,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"failure_reason" text DEFAULT '' NOT NULL,
	"recipient_name" text,
	"proof_notes" text DEFAULT '' NOT NULL,
	"photo_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"signature_file_id" uuid,
	"damages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"delivered_at" timestamp with time zone,
	"recorded_by" uuid,
	"out_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "delivery_stops_status_check" CHECK (status IN ('scheduled', 'out', 'delivered', 'failed')),
	CONSTRAINT "delivery_stops_proof_check" CHECK (status <> 'delivered' OR (recipient_name IS NOT NULL AND delivered_at IS NOT NULL)),
	CONSTRAINT "delivery_stops_window_check" CHECK (window_start IS NULL OR window_end IS NULL OR window_end > window_start)
);
--> statement-breakpoint
ALTER TABLE "delivery_stops" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "delivery_routes" ADD CONSTRAINT "delivery_routes_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_routes" ADD CONSTRAINT "delivery_routes_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_stop_lines" ADD CONSTRAINT "delivery_stop_lines_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_stop_lines" ADD CONSTRAINT "delivery_stop_lines_stop_id_delivery_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."delivery_stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_stop_lines" ADD CONSTRAINT "delivery_stop_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_stops" ADD CONSTRAINT "delivery_stops_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_stops" ADD CONSTRAINT "delivery_stops_route_id_delivery_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."delivery_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_stops" ADD CONSTRAINT "delivery_stops_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_stops" ADD CONSTRAINT "delivery_stops_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_routes_number_uq" ON "delivery_routes" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "delivery_routes_date_idx" ON "delivery_routes" USING btree ("firm_id","date","id");--> statement-breakpoint
CREATE INDEX "delivery_routes_driver_idx" ON "delivery_routes" USING btree ("firm_id","driver_id","date") WHERE driver_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "delivery_routes_created_idx" ON "delivery_routes" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "delivery_routes_updated_idx" ON "delivery_routes" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "delivery_routes_search_idx" ON "delivery_routes" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_stop_lines_uq" ON "delivery_stop_lines" USING btree ("stop_id","order_line_id");--> statement-breakpoint
CREATE INDEX "delivery_stop_lines_order_line_idx" ON "delivery_stop_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "delivery_stops_route_idx" ON "delivery_stops" USING btree ("route_id","position");--> statement-breakpoint
CREATE INDEX "delivery_stops_order_idx" ON "delivery_stops" USING btree ("order_id");--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "delivery_routes" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("delivery_routes"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("delivery_routes"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "delivery_stop_lines" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("delivery_stop_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("delivery_stop_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "delivery_stops" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("delivery_stops"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("delivery_stops"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);