CREATE TABLE "approval_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"proposal_id" uuid,
	"change_order_id" uuid,
	"revision" integer NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"first_viewed_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "approval_links_target_check" CHECK ((proposal_id IS NULL) <> (change_order_id IS NULL))
);
--> statement-breakpoint
ALTER TABLE "approval_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "approval_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"proposal_id" uuid,
	"change_order_id" uuid,
	"revision" integer NOT NULL,
	"decision" text NOT NULL,
	"name" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"section_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"signature_file_id" uuid,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"snapshot_sha256" text NOT NULL,
	"pdf_file_id" uuid,
	"pdf_sha256" text,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_records_target_check" CHECK ((proposal_id IS NULL) <> (change_order_id IS NULL)),
	CONSTRAINT "approval_records_decision_check" CHECK (decision IN ('approved', 'declined')),
	CONSTRAINT "approval_records_signed_check" CHECK (decision <> 'approved' OR (signature_file_id IS NOT NULL AND pdf_file_id IS NOT NULL AND pdf_sha256 IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "approval_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposal_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"proposal_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
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
	CONSTRAINT "proposal_lines_kind_check" CHECK ((kind = 'item' AND (material_id IS NULL) <> (product_id IS NULL) AND (variant_id IS NULL OR product_id IS NOT NULL)
      AND special_vendor_id IS NULL)
      OR (kind = 'special' AND product_id IS NULL AND variant_id IS NULL AND material_id IS NULL AND special_vendor_id IS NOT NULL)
      OR (kind = 'text' AND product_id IS NULL AND variant_id IS NULL AND material_id IS NULL AND special_vendor_id IS NULL)),
	CONSTRAINT "proposal_lines_numbers_check" CHECK (quantity_e4 > 0 AND pieces_e4 > 0 AND unit_price_cents >= 0 AND subtotal_cents >= 0 AND net_cents >= 0
      AND tax_cents >= 0 AND line_discount_cents >= 0 AND order_discount_cents >= 0 AND coupon_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "proposal_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposal_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"proposal_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	CONSTRAINT "proposal_sections_status_check" CHECK (status IN ('open', 'approved', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "proposal_sections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"company_id" uuid,
	"customer_job_id" uuid,
	"cover_image_id" uuid,
	"valid_until" date NOT NULL,
	"ship_to" jsonb,
	"discount" jsonb,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"deposit" jsonb,
	"terms" text DEFAULT '' NOT NULL,
	"section_approval" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"sent_lines" jsonb,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"line_discount_cents" bigint DEFAULT 0 NOT NULL,
	"order_discount_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_status_check" CHECK (status IN ('draft', 'sent', 'viewed', 'partially_approved', 'approved', 'declined')),
	CONSTRAINT "proposals_money_check" CHECK (shipping_cents >= 0 AND subtotal_cents >= 0 AND tax_cents >= 0 AND total_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "proposals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "proposal_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_links" ADD CONSTRAINT "approval_links_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_links" ADD CONSTRAINT "approval_links_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_links" ADD CONSTRAINT "approval_links_change_order_id_change_orders_id_fk" FOREIGN KEY ("change_order_id") REFERENCES "public"."change_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_records" ADD CONSTRAINT "approval_records_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_records" ADD CONSTRAINT "approval_records_link_id_approval_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."approval_links"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_records" ADD CONSTRAINT "approval_records_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_records" ADD CONSTRAINT "approval_records_change_order_id_change_orders_id_fk" FOREIGN KEY ("change_order_id") REFERENCES "public"."change_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_records" ADD CONSTRAINT "approval_records_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_records" ADD CONSTRAINT "approval_records_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_section_id_proposal_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."proposal_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_special_vendor_id_vendors_id_fk" FOREIGN KEY ("special_vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_sections" ADD CONSTRAINT "proposal_sections_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_sections" ADD CONSTRAINT "proposal_sections_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_customer_job_id_customer_jobs_id_fk" FOREIGN KEY ("customer_job_id") REFERENCES "public"."customer_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_cover_image_id_files_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_links_token_uq" ON "approval_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "approval_links_proposal_idx" ON "approval_links" USING btree ("proposal_id","created_at") WHERE proposal_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "approval_links_change_order_idx" ON "approval_links" USING btree ("change_order_id","created_at") WHERE change_order_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "approval_records_proposal_idx" ON "approval_records" USING btree ("proposal_id","created_at") WHERE proposal_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "approval_records_change_order_idx" ON "approval_records" USING btree ("change_order_id") WHERE change_order_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "approval_records_pdf_idx" ON "approval_records" USING btree ("pdf_sha256") WHERE pdf_sha256 IS NOT NULL;--> statement-breakpoint
CREATE INDEX "proposal_lines_parent_idx" ON "proposal_lines" USING btree ("proposal_id","position");--> statement-breakpoint
CREATE INDEX "proposal_lines_section_idx" ON "proposal_lines" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "proposal_sections_parent_idx" ON "proposal_sections" USING btree ("proposal_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_number_uq" ON "proposals" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "proposals_customer_idx" ON "proposals" USING btree ("firm_id","customer_id","number");--> statement-breakpoint
CREATE INDEX "proposals_job_idx" ON "proposals" USING btree ("customer_job_id") WHERE customer_job_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "proposals_valid_idx" ON "proposals" USING btree ("firm_id","valid_until","id");--> statement-breakpoint
CREATE INDEX "proposals_total_idx" ON "proposals" USING btree ("firm_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "proposals_created_idx" ON "proposals" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "proposals_updated_idx" ON "proposals" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "proposals_search_idx" ON "proposals" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "approval_links" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("approval_links"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("approval_links"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "approval_records" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("approval_records"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("approval_records"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "proposal_lines" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("proposal_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("proposal_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "proposal_sections" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("proposal_sections"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("proposal_sections"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "proposals" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("proposals"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("proposals"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
-- The client's page: which firm's link a token is, before any firm is known. Runs as the owner
-- (row-level security does not apply inside it) and returns only what the route needs: the link,
-- its firm, the firm's name, and whether the firm still has proposals. The route then works in
-- that firm's scope alone.
CREATE FUNCTION approval_link_find(p_token text)
RETURNS TABLE (link_id uuid, firm_id uuid, firm_name text, enabled boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT l.id, l.firm_id, f.name, 'proposals' = ANY (f.features)
  FROM approval_links l
  JOIN firms f ON f.id = l.firm_id
  WHERE l.token = p_token
$$;
--> statement-breakpoint
-- The public verify page: whether a signed copy with this SHA-256 is kept, in any firm, and only
-- what that copy prints anyway (the firm, the document's number, who signed, when).
CREATE FUNCTION signed_pdf_verify(p_sha256 text)
RETURNS TABLE (firm_name text, number text, signed_by text, signed_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT f.name, COALESCE(p.prefix || p.number, o.prefix || o.number || ' · change ' || c.sequence), a.name, a.created_at
  FROM approval_records a
  JOIN firms f ON f.id = a.firm_id
  LEFT JOIN proposals p ON p.id = a.proposal_id
  LEFT JOIN change_orders c ON c.id = a.change_order_id
  LEFT JOIN orders o ON o.id = c.order_id
  WHERE a.pdf_sha256 = p_sha256 AND a.decision = 'approved'
  ORDER BY a.created_at
  LIMIT 1
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION approval_link_find(text), signed_pdf_verify(text) TO atelier_app;
