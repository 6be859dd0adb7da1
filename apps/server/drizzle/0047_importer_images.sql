CREATE TABLE "import_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_images_status_check" CHECK (status IN ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "import_images" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "import_images" ADD CONSTRAINT "import_images_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_images" ADD CONSTRAINT "import_images_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_images" ADD CONSTRAINT "import_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_images_import_idx" ON "import_images" USING btree ("import_id","status","row","position");--> statement-breakpoint
CREATE INDEX "import_images_product_idx" ON "import_images" USING btree ("product_id","url");--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "import_images" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("import_images"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("import_images"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);