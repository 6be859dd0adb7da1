CREATE TABLE "lien_waivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"lien_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"condition" text NOT NULL,
	"scope" text NOT NULL,
	"party" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"through_on" date,
	"payment_id" uuid,
	"bill_payment_id" uuid,
	"signed_on" date,
	"signed_copy_file_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lien_waivers_direction_check" CHECK (direction IN ('given', 'received')),
	CONSTRAINT "lien_waivers_condition_check" CHECK (condition IN ('conditional', 'unconditional')),
	CONSTRAINT "lien_waivers_scope_check" CHECK (scope IN ('progress', 'final')),
	CONSTRAINT "lien_waivers_amount_check" CHECK (amount_cents >= 0),
	CONSTRAINT "lien_waivers_through_check" CHECK (scope = 'final' OR through_on IS NOT NULL),
	CONSTRAINT "lien_waivers_payment_check" CHECK ((direction = 'given' AND bill_payment_id IS NULL) OR (direction = 'received' AND payment_id IS NULL))
);
--> statement-breakpoint
ALTER TABLE "lien_waivers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lien_waivers" ADD CONSTRAINT "lien_waivers_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lien_waivers" ADD CONSTRAINT "lien_waivers_lien_id_liens_id_fk" FOREIGN KEY ("lien_id") REFERENCES "public"."liens"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lien_waivers" ADD CONSTRAINT "lien_waivers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lien_waivers" ADD CONSTRAINT "lien_waivers_bill_payment_id_bill_payments_id_fk" FOREIGN KEY ("bill_payment_id") REFERENCES "public"."bill_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lien_waivers" ADD CONSTRAINT "lien_waivers_signed_copy_file_id_files_id_fk" FOREIGN KEY ("signed_copy_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lien_waivers_lien_idx" ON "lien_waivers" USING btree ("firm_id","lien_id","created_at");--> statement-breakpoint
CREATE INDEX "lien_waivers_payment_idx" ON "lien_waivers" USING btree ("payment_id") WHERE payment_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lien_waivers_bill_payment_idx" ON "lien_waivers" USING btree ("bill_payment_id") WHERE bill_payment_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lien_waivers_amount_idx" ON "lien_waivers" USING btree ("firm_id","amount_cents","id");--> statement-breakpoint
CREATE INDEX "lien_waivers_created_idx" ON "lien_waivers" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lien_waivers_updated_idx" ON "lien_waivers" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "lien_waivers_search_idx" ON "lien_waivers" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "lien_waivers" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("lien_waivers"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("lien_waivers"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);