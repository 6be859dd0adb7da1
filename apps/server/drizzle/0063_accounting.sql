CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
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
	"order_line_id" uuid,
	CONSTRAINT "invoice_lines_kind_check" CHECK ((kind = 'item' AND (material_id IS NULL) <> (product_id IS NULL) AND (variant_id IS NULL OR product_id IS NOT NULL)
      AND special_vendor_id IS NULL)
      OR (kind = 'special' AND product_id IS NULL AND variant_id IS NULL AND material_id IS NULL AND special_vendor_id IS NOT NULL)
      OR (kind = 'text' AND product_id IS NULL AND variant_id IS NULL AND material_id IS NULL AND special_vendor_id IS NULL)),
	CONSTRAINT "invoice_lines_numbers_check" CHECK (quantity_e4 > 0 AND pieces_e4 > 0 AND unit_price_cents >= 0 AND subtotal_cents >= 0 AND net_cents >= 0
      AND tax_cents >= 0 AND line_discount_cents >= 0 AND order_discount_cents >= 0 AND coupon_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"billing" text DEFAULT 'lines' NOT NULL,
	"customer_id" uuid NOT NULL,
	"company_id" uuid,
	"customer_job_id" uuid,
	"order_id" uuid,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"payment_terms_days" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"deposit_e2" integer,
	"percent_e2" integer,
	"work_cents" bigint DEFAULT 0 NOT NULL,
	"retention_e2" integer DEFAULT 0 NOT NULL,
	"retention_cents" bigint DEFAULT 0 NOT NULL,
	"deposit_recovered_cents" bigint DEFAULT 0 NOT NULL,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"line_discount_cents" bigint DEFAULT 0 NOT NULL,
	"order_discount_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"credited_cents" bigint DEFAULT 0 NOT NULL,
	"balance_cents" bigint GENERATED ALWAYS AS (total_cents - paid_cents - credited_cents) STORED NOT NULL,
	"sent_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text DEFAULT '' NOT NULL,
	"recurring_invoice_id" uuid,
	"reminded_days" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK (status IN ('draft', 'sent', 'partially_paid', 'paid', 'void')),
	CONSTRAINT "invoices_billing_check" CHECK (billing IN ('lines', 'deposit', 'progress', 'retention')),
	CONSTRAINT "invoices_money_check" CHECK (total_cents >= 0 AND paid_cents >= 0 AND credited_cents >= 0 AND paid_cents + credited_cents <= total_cents
        AND retention_cents >= 0 AND deposit_recovered_cents >= 0 AND work_cents >= 0),
	CONSTRAINT "invoices_percent_check" CHECK (percent_e2 IS NULL OR (percent_e2 > 0 AND percent_e2 <= 10000)),
	CONSTRAINT "invoices_due_check" CHECK (due_date >= issue_date)
);
--> statement-breakpoint
ALTER TABLE "invoices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "recurring_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"customer_id" uuid NOT NULL,
	"company_id" uuid,
	"customer_job_id" uuid,
	"frequency" text NOT NULL,
	"day_of_month" integer NOT NULL,
	"start_on" date NOT NULL,
	"end_on" date,
	"action" text DEFAULT 'draft' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"next_run_on" date,
	"last_run_on" date,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_invoices_status_check" CHECK (status IN ('active', 'paused', 'ended')),
	CONSTRAINT "recurring_invoices_frequency_check" CHECK (frequency IN ('monthly', 'quarterly', 'yearly')),
	CONSTRAINT "recurring_invoices_action_check" CHECK (action IN ('draft', 'send')),
	CONSTRAINT "recurring_invoices_day_check" CHECK (day_of_month BETWEEN 1 AND 28)
);
--> statement-breakpoint
ALTER TABLE "recurring_invoices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "credit_memos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"customer_id" uuid NOT NULL,
	"company_id" uuid,
	"customer_job_id" uuid,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"issue_date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"applied_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"voided_at" timestamp with time zone,
	"void_reason" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_memos_status_check" CHECK (status IN ('open', 'applied', 'void')),
	CONSTRAINT "credit_memos_money_check" CHECK (amount_cents > 0 AND applied_cents >= 0 AND refunded_cents >= 0 AND applied_cents + refunded_cents <= amount_cents)
);
--> statement-breakpoint
ALTER TABLE "credit_memos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_id" uuid,
	"credit_memo_id" uuid,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_applications_amount_check" CHECK (amount_cents > 0),
	CONSTRAINT "invoice_applications_source_check" CHECK ((payment_id IS NULL) <> (credit_memo_id IS NULL))
);
--> statement-breakpoint
ALTER TABLE "invoice_applications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"company_id" uuid,
	"method" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"received_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"credit_memo_id" uuid,
	"applied_cents" bigint DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_method_check" CHECK (method IN ('cash', 'check', 'card', 'bank_transfer', 'other')),
	CONSTRAINT "payments_money_check" CHECK ((amount_cents > 0 AND credit_memo_id IS NULL AND applied_cents >= 0 AND applied_cents <= amount_cents)
        OR (amount_cents < 0 AND credit_memo_id IS NOT NULL AND applied_cents = 0))
);
--> statement-breakpoint
ALTER TABLE "payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_special_vendor_id_vendors_id_fk" FOREIGN KEY ("special_vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_job_id_customer_jobs_id_fk" FOREIGN KEY ("customer_job_id") REFERENCES "public"."customer_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_recurring_invoice_id_recurring_invoices_id_fk" FOREIGN KEY ("recurring_invoice_id") REFERENCES "public"."recurring_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_customer_job_id_customer_jobs_id_fk" FOREIGN KEY ("customer_job_id") REFERENCES "public"."customer_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_customer_job_id_customer_jobs_id_fk" FOREIGN KEY ("customer_job_id") REFERENCES "public"."customer_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_credit_memo_id_credit_memos_id_fk" FOREIGN KEY ("credit_memo_id") REFERENCES "public"."credit_memos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_memo_id_credit_memos_id_fk" FOREIGN KEY ("credit_memo_id") REFERENCES "public"."credit_memos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_lines_order_line_idx" ON "invoice_lines" USING btree ("order_line_id") WHERE order_line_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_lines_product_idx" ON "invoice_lines" USING btree ("product_id") WHERE product_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_lines_material_idx" ON "invoice_lines" USING btree ("material_id") WHERE material_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("firm_id","customer_id","number");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("firm_id","company_id","number") WHERE company_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id") WHERE order_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_recurring_idx" ON "invoices" USING btree ("recurring_invoice_id") WHERE recurring_invoice_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_job_idx" ON "invoices" USING btree ("customer_job_id") WHERE customer_job_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("firm_id","status","number");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("firm_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("firm_id","due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("firm_id","customer_id","due_date") WHERE status IN ('sent', 'partially_paid');--> statement-breakpoint
CREATE INDEX "invoices_total_idx" ON "invoices" USING btree ("firm_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "invoices_balance_idx" ON "invoices" USING btree ("firm_id","balance_cents","id");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_updated_idx" ON "invoices" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "invoices_search_idx" ON "invoices" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recurring_invoices_name_idx" ON "recurring_invoices" USING btree ("firm_id","name_key","id");--> statement-breakpoint
CREATE INDEX "recurring_invoices_next_idx" ON "recurring_invoices" USING btree ("firm_id","next_run_on","id");--> statement-breakpoint
CREATE INDEX "recurring_invoices_total_idx" ON "recurring_invoices" USING btree ("firm_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "recurring_invoices_created_idx" ON "recurring_invoices" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "recurring_invoices_updated_idx" ON "recurring_invoices" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "recurring_invoices_due_idx" ON "recurring_invoices" USING btree ("next_run_on") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_memos_number_uq" ON "credit_memos" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "credit_memos_customer_idx" ON "credit_memos" USING btree ("firm_id","customer_id","number");--> statement-breakpoint
CREATE INDEX "credit_memos_issued_idx" ON "credit_memos" USING btree ("firm_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "credit_memos_amount_idx" ON "credit_memos" USING btree ("firm_id","amount_cents","id");--> statement-breakpoint
CREATE INDEX "credit_memos_created_idx" ON "credit_memos" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "credit_memos_updated_idx" ON "credit_memos" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_applications_payment_uq" ON "invoice_applications" USING btree ("payment_id","invoice_id") WHERE payment_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_applications_credit_uq" ON "invoice_applications" USING btree ("credit_memo_id","invoice_id") WHERE credit_memo_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_applications_invoice_idx" ON "invoice_applications" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_number_uq" ON "payments" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("firm_id","customer_id","received_on");--> statement-breakpoint
CREATE INDEX "payments_received_idx" ON "payments" USING btree ("firm_id","received_on","id");--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("firm_id","amount_cents","id");--> statement-breakpoint
CREATE INDEX "payments_credit_memo_idx" ON "payments" USING btree ("credit_memo_id") WHERE credit_memo_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_updated_idx" ON "payments" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "payments_search_idx" ON "payments" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "invoice_lines" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("invoice_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("invoice_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "invoices" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("invoices"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("invoices"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "recurring_invoices" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("recurring_invoices"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("recurring_invoices"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "credit_memos" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("credit_memos"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("credit_memos"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "invoice_applications" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("invoice_applications"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("invoice_applications"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "payments" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("payments"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("payments"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);