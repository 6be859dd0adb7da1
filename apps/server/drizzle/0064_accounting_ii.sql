CREATE TABLE "accounting_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"role" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"account" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_accounts_role_check" CHECK (role IN ('accounts_receivable', 'retention_receivable', 'customer_deposits', 'customer_credit', 'sales_income', 'shipping_income', 'restocking_fees', 'sales_tax_payable', 'sales_returns', 'undeposited_funds', 'bank', 'credit_card', 'accounts_payable', 'vendor_credits', 'inventory', 'cost_of_goods', 'expense', 'purchase_tax', 'commissions', 'commissions_payable')),
	CONSTRAINT "accounting_accounts_account_check" CHECK (length(account) BETWEEN 1 AND 100)
);
--> statement-breakpoint
ALTER TABLE "accounting_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "accounting_export_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"export_id" uuid NOT NULL,
	"source" text NOT NULL,
	"record_id" uuid NOT NULL,
	"number" text NOT NULL,
	"change" text NOT NULL,
	"version" integer,
	"party_type" text,
	"party_id" uuid,
	"party_name" text DEFAULT '' NOT NULL,
	CONSTRAINT "accounting_export_documents_change_check" CHECK (change IN ('new', 'change', 'reversal'))
);
--> statement-breakpoint
ALTER TABLE "accounting_export_documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "accounting_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"adapter" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"changed_count" integer DEFAULT 0 NOT NULL,
	"reversed_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"left_out" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_name" text,
	"content" "bytea",
	"sha256" text,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"debit_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_exports_adapter_check" CHECK (adapter IN ('quickbooks_iif', 'journal_csv')),
	CONSTRAINT "accounting_exports_status_check" CHECK (status IN ('done', 'failed')),
	CONSTRAINT "accounting_exports_balance_check" CHECK (debit_cents = credit_cents),
	CONSTRAINT "accounting_exports_file_check" CHECK ((status = 'done') = (content IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "accounting_exports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "accounting_synced" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"source" text NOT NULL,
	"record_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"adapter" text NOT NULL,
	"export_id" uuid NOT NULL,
	"date" date NOT NULL,
	"number" text NOT NULL,
	"party_type" text,
	"party_id" uuid,
	"party_name" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_synced_adapter_check" CHECK (adapter IN ('quickbooks_iif', 'journal_csv'))
);
--> statement-breakpoint
ALTER TABLE "accounting_synced" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"ambassador_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"base_cents" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"earned_on" date NOT NULL,
	"status" text DEFAULT 'owed' NOT NULL,
	"payout_expense_id" uuid,
	"paid_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissions_status_check" CHECK (status IN ('owed', 'paid')),
	CONSTRAINT "commissions_money_check" CHECK (base_cents >= 0 AND amount_cents > 0 AND rate_bp BETWEEN 0 AND 5000),
	CONSTRAINT "commissions_paid_check" CHECK ((status = 'paid') = (payout_expense_id IS NOT NULL AND paid_on IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "commissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"vendor_id" uuid,
	"payee" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint GENERATED ALWAYS AS (amount_cents + tax_cents) STORED NOT NULL,
	"spent_on" date NOT NULL,
	"money_account_id" uuid NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"receipt_file_id" uuid,
	"customer_job_id" uuid,
	"billable" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_money_check" CHECK (amount_cents > 0 AND tax_cents >= 0),
	CONSTRAINT "expenses_payee_check" CHECK (vendor_id IS NOT NULL OR payee <> ''),
	CONSTRAINT "expenses_billable_check" CHECK (NOT billable OR customer_job_id IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "expenses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "money_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"last_four" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_accounts_type_check" CHECK (type IN ('bank', 'card', 'cash')),
	CONSTRAINT "money_accounts_last_four_check" CHECK (last_four ~ '^([0-9]{4})?$')
);
--> statement-breakpoint
ALTER TABLE "money_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bill_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"bill_payment_id" uuid,
	"vendor_credit_id" uuid,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_applications_amount_check" CHECK (amount_cents > 0),
	CONSTRAINT "bill_applications_source_check" CHECK ((bill_payment_id IS NULL) <> (vendor_credit_id IS NULL))
);
--> statement-breakpoint
ALTER TABLE "bill_applications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"vendor_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"money_account_id" uuid,
	"applied_cents" bigint DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_payments_method_check" CHECK (method IN ('cash', 'check', 'card', 'bank_transfer', 'other')),
	CONSTRAINT "bill_payments_money_check" CHECK (amount_cents > 0 AND applied_cents >= 0 AND applied_cents <= amount_cents)
);
--> statement-breakpoint
ALTER TABLE "bill_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vendor_bill_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"purchase_order_id" uuid,
	"purchase_order_line_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"quantity_e4" bigint NOT NULL,
	"unit_cost_hc" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"ordered_unit_cost_hc" bigint,
	"received_e4" bigint,
	"billed_elsewhere_e4" bigint,
	"over_billed" boolean DEFAULT false NOT NULL,
	"cost_differs" boolean DEFAULT false NOT NULL,
	CONSTRAINT "vendor_bill_lines_source_check" CHECK ((purchase_order_id IS NULL) = (purchase_order_line_id IS NULL)
        AND (purchase_order_line_id IS NOT NULL OR description <> '')),
	CONSTRAINT "vendor_bill_lines_numbers_check" CHECK (quantity_e4 > 0 AND unit_cost_hc >= 0 AND total_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "vendor_bill_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vendor_bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"bill_number" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"payment_terms_days" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"credited_cents" bigint DEFAULT 0 NOT NULL,
	"balance_cents" bigint GENERATED ALWAYS AS (total_cents - paid_cents - credited_cents) STORED NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"voided_at" timestamp with time zone,
	"void_reason" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_bills_status_check" CHECK (status IN ('draft', 'open', 'partially_paid', 'paid', 'void')),
	CONSTRAINT "vendor_bills_money_check" CHECK (subtotal_cents >= 0 AND tax_cents >= 0 AND total_cents = subtotal_cents + tax_cents
        AND paid_cents >= 0 AND credited_cents >= 0 AND paid_cents + credited_cents <= total_cents),
	CONSTRAINT "vendor_bills_owed_check" CHECK (status IN ('open', 'partially_paid', 'paid') OR (paid_cents = 0 AND credited_cents = 0)),
	CONSTRAINT "vendor_bills_due_check" CHECK (due_date >= bill_date)
);
--> statement-breakpoint
ALTER TABLE "vendor_bills" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vendor_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"vendor_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"issue_date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"vendor_claim_id" uuid,
	"applied_cents" bigint DEFAULT 0 NOT NULL,
	"voided_at" timestamp with time zone,
	"void_reason" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_credits_status_check" CHECK (status IN ('open', 'applied', 'void')),
	CONSTRAINT "vendor_credits_money_check" CHECK (amount_cents > 0 AND applied_cents >= 0 AND applied_cents <= amount_cents
        AND (status <> 'void' OR applied_cents = 0))
);
--> statement-breakpoint
ALTER TABLE "vendor_credits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"return_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"quantity_e4" bigint NOT NULL,
	"reason" text NOT NULL,
	"condition" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"credit_cents" bigint NOT NULL,
	"restocked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "return_lines_reason_check" CHECK (reason IN ('damaged', 'defective', 'wrong_item', 'not_as_described', 'changed_mind', 'other')),
	CONSTRAINT "return_lines_condition_check" CHECK (condition IN ('resellable', 'damaged', 'defective')),
	CONSTRAINT "return_lines_money_check" CHECK (quantity_e4 > 0 AND credit_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "return_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"company_id" uuid,
	"delivery_stop_id" uuid,
	"goods_cents" bigint NOT NULL,
	"restocking_fee_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"warehouse_id" uuid,
	"resolution" text,
	"credit_memo_id" uuid,
	"refund_id" uuid,
	"reject_reason" text DEFAULT '' NOT NULL,
	"requested_on" date NOT NULL,
	"approved_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_status_check" CHECK (status IN ('requested', 'approved', 'received', 'resolved', 'rejected')),
	CONSTRAINT "returns_resolution_check" CHECK (resolution IS NULL OR resolution IN ('credit_memo', 'refund')),
	CONSTRAINT "returns_money_check" CHECK (goods_cents >= 0 AND restocking_fee_cents >= 0 AND restocking_fee_cents <= goods_cents
        AND credit_cents = goods_cents - restocking_fee_cents),
	CONSTRAINT "returns_resolved_check" CHECK ((status = 'resolved') = (resolution IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "returns" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vendor_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"vendor_id" uuid NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"purchase_order_line_id" uuid NOT NULL,
	"quantity_e4" bigint NOT NULL,
	"reason" text NOT NULL,
	"return_line_id" uuid,
	"photo_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	"vendor_credit_id" uuid,
	"reject_reason" text DEFAULT '' NOT NULL,
	"opened_on" date NOT NULL,
	"resolved_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_claims_status_check" CHECK (status IN ('open', 'credited', 'replaced', 'rejected')),
	CONSTRAINT "vendor_claims_reason_check" CHECK (reason IN ('damaged', 'defective', 'wrong_item', 'short', 'other')),
	CONSTRAINT "vendor_claims_money_check" CHECK (quantity_e4 > 0 AND credit_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "vendor_claims" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "expense_id" uuid;--> statement-breakpoint
ALTER TABLE "accounting_accounts" ADD CONSTRAINT "accounting_accounts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_export_documents" ADD CONSTRAINT "accounting_export_documents_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_export_documents" ADD CONSTRAINT "accounting_export_documents_export_id_accounting_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."accounting_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_exports" ADD CONSTRAINT "accounting_exports_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_synced" ADD CONSTRAINT "accounting_synced_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_synced" ADD CONSTRAINT "accounting_synced_export_id_accounting_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."accounting_exports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_payout_expense_id_expenses_id_fk" FOREIGN KEY ("payout_expense_id") REFERENCES "public"."expenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_money_account_id_money_accounts_id_fk" FOREIGN KEY ("money_account_id") REFERENCES "public"."money_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_receipt_file_id_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_customer_job_id_customer_jobs_id_fk" FOREIGN KEY ("customer_job_id") REFERENCES "public"."customer_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_accounts" ADD CONSTRAINT "money_accounts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_applications" ADD CONSTRAINT "bill_applications_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_applications" ADD CONSTRAINT "bill_applications_bill_id_vendor_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."vendor_bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_applications" ADD CONSTRAINT "bill_applications_bill_payment_id_bill_payments_id_fk" FOREIGN KEY ("bill_payment_id") REFERENCES "public"."bill_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_applications" ADD CONSTRAINT "bill_applications_vendor_credit_id_vendor_credits_id_fk" FOREIGN KEY ("vendor_credit_id") REFERENCES "public"."vendor_credits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_money_account_id_money_accounts_id_fk" FOREIGN KEY ("money_account_id") REFERENCES "public"."money_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bill_lines" ADD CONSTRAINT "vendor_bill_lines_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bill_lines" ADD CONSTRAINT "vendor_bill_lines_bill_id_vendor_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."vendor_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bill_lines" ADD CONSTRAINT "vendor_bill_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bill_lines" ADD CONSTRAINT "vendor_bill_lines_purchase_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("purchase_order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bills" ADD CONSTRAINT "vendor_bills_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bills" ADD CONSTRAINT "vendor_bills_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credits" ADD CONSTRAINT "vendor_credits_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credits" ADD CONSTRAINT "vendor_credits_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_delivery_stop_id_delivery_stops_id_fk" FOREIGN KEY ("delivery_stop_id") REFERENCES "public"."delivery_stops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_credit_memo_id_credit_memos_id_fk" FOREIGN KEY ("credit_memo_id") REFERENCES "public"."credit_memos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_refund_id_payments_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_claims" ADD CONSTRAINT "vendor_claims_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_claims" ADD CONSTRAINT "vendor_claims_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_claims" ADD CONSTRAINT "vendor_claims_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_claims" ADD CONSTRAINT "vendor_claims_purchase_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("purchase_order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_claims" ADD CONSTRAINT "vendor_claims_return_line_id_return_lines_id_fk" FOREIGN KEY ("return_line_id") REFERENCES "public"."return_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_claims" ADD CONSTRAINT "vendor_claims_vendor_credit_id_vendor_credits_id_fk" FOREIGN KEY ("vendor_credit_id") REFERENCES "public"."vendor_credits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_accounts_role_uq" ON "accounting_accounts" USING btree ("firm_id","role","key");--> statement-breakpoint
CREATE INDEX "accounting_export_documents_export_idx" ON "accounting_export_documents" USING btree ("export_id");--> statement-breakpoint
CREATE INDEX "accounting_export_documents_record_idx" ON "accounting_export_documents" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "accounting_export_documents_party_idx" ON "accounting_export_documents" USING btree ("firm_id","party_id") WHERE party_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_exports_number_uq" ON "accounting_exports" USING btree ("firm_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_synced_record_uq" ON "accounting_synced" USING btree ("firm_id","source","record_id");--> statement-breakpoint
CREATE INDEX "accounting_synced_export_idx" ON "accounting_synced" USING btree ("export_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_invoice_uq" ON "commissions" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "commissions_ambassador_idx" ON "commissions" USING btree ("firm_id","ambassador_id","earned_on","id");--> statement-breakpoint
CREATE INDEX "commissions_earned_idx" ON "commissions" USING btree ("firm_id","earned_on","id");--> statement-breakpoint
CREATE INDEX "commissions_payout_idx" ON "commissions" USING btree ("payout_expense_id");--> statement-breakpoint
CREATE INDEX "expenses_date_idx" ON "expenses" USING btree ("firm_id","spent_on","id");--> statement-breakpoint
CREATE INDEX "expenses_total_idx" ON "expenses" USING btree ("firm_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "expenses_created_idx" ON "expenses" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "expenses_updated_idx" ON "expenses" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "expenses_vendor_idx" ON "expenses" USING btree ("firm_id","vendor_id","spent_on");--> statement-breakpoint
CREATE INDEX "expenses_job_idx" ON "expenses" USING btree ("customer_job_id","spent_on");--> statement-breakpoint
CREATE INDEX "expenses_account_idx" ON "expenses" USING btree ("money_account_id");--> statement-breakpoint
CREATE INDEX "expenses_search_idx" ON "expenses" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "money_accounts_name_uq" ON "money_accounts" USING btree ("firm_id",lower("name"));--> statement-breakpoint
CREATE INDEX "money_accounts_created_idx" ON "money_accounts" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_applications_payment_uq" ON "bill_applications" USING btree ("bill_payment_id","bill_id") WHERE bill_payment_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_applications_credit_uq" ON "bill_applications" USING btree ("vendor_credit_id","bill_id") WHERE vendor_credit_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bill_applications_bill_idx" ON "bill_applications" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_number_uq" ON "bill_payments" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "bill_payments_vendor_idx" ON "bill_payments" USING btree ("firm_id","vendor_id","paid_on");--> statement-breakpoint
CREATE INDEX "bill_payments_paid_idx" ON "bill_payments" USING btree ("firm_id","paid_on","id");--> statement-breakpoint
CREATE INDEX "bill_payments_amount_idx" ON "bill_payments" USING btree ("firm_id","amount_cents","id");--> statement-breakpoint
CREATE INDEX "bill_payments_account_idx" ON "bill_payments" USING btree ("money_account_id") WHERE money_account_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bill_payments_created_idx" ON "bill_payments" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bill_payments_updated_idx" ON "bill_payments" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "vendor_bill_lines_bill_idx" ON "vendor_bill_lines" USING btree ("bill_id","position");--> statement-breakpoint
CREATE INDEX "vendor_bill_lines_po_line_idx" ON "vendor_bill_lines" USING btree ("purchase_order_line_id") WHERE purchase_order_line_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "vendor_bill_lines_po_idx" ON "vendor_bill_lines" USING btree ("firm_id","purchase_order_id") WHERE purchase_order_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_bills_number_uq" ON "vendor_bills" USING btree ("firm_id","vendor_id",lower("bill_number"));--> statement-breakpoint
CREATE INDEX "vendor_bills_number_idx" ON "vendor_bills" USING btree ("firm_id","bill_number","id");--> statement-breakpoint
CREATE INDEX "vendor_bills_vendor_idx" ON "vendor_bills" USING btree ("firm_id","vendor_id","bill_date");--> statement-breakpoint
CREATE INDEX "vendor_bills_billed_idx" ON "vendor_bills" USING btree ("firm_id","bill_date","id");--> statement-breakpoint
CREATE INDEX "vendor_bills_due_idx" ON "vendor_bills" USING btree ("firm_id","due_date","id");--> statement-breakpoint
CREATE INDEX "vendor_bills_open_idx" ON "vendor_bills" USING btree ("firm_id","vendor_id","due_date") WHERE status IN ('open', 'partially_paid');--> statement-breakpoint
CREATE INDEX "vendor_bills_total_idx" ON "vendor_bills" USING btree ("firm_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "vendor_bills_balance_idx" ON "vendor_bills" USING btree ("firm_id","balance_cents","id");--> statement-breakpoint
CREATE INDEX "vendor_bills_created_idx" ON "vendor_bills" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vendor_bills_updated_idx" ON "vendor_bills" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "vendor_bills_search_idx" ON "vendor_bills" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_credits_number_uq" ON "vendor_credits" USING btree ("firm_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_credits_claim_uq" ON "vendor_credits" USING btree ("firm_id","vendor_claim_id") WHERE vendor_claim_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "vendor_credits_vendor_idx" ON "vendor_credits" USING btree ("firm_id","vendor_id","number");--> statement-breakpoint
CREATE INDEX "vendor_credits_issued_idx" ON "vendor_credits" USING btree ("firm_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "vendor_credits_amount_idx" ON "vendor_credits" USING btree ("firm_id","amount_cents","id");--> statement-breakpoint
CREATE INDEX "vendor_credits_created_idx" ON "vendor_credits" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vendor_credits_updated_idx" ON "vendor_credits" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_id","position");--> statement-breakpoint
CREATE INDEX "return_lines_order_line_idx" ON "return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_line_uq" ON "return_lines" USING btree ("return_id","order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_number_uq" ON "returns" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("firm_id","order_id");--> statement-breakpoint
CREATE INDEX "returns_customer_idx" ON "returns" USING btree ("firm_id","customer_id","number");--> statement-breakpoint
CREATE INDEX "returns_stop_idx" ON "returns" USING btree ("delivery_stop_id") WHERE delivery_stop_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "returns_requested_idx" ON "returns" USING btree ("firm_id","requested_on","id");--> statement-breakpoint
CREATE INDEX "returns_credit_idx" ON "returns" USING btree ("firm_id","credit_cents","id");--> statement-breakpoint
CREATE INDEX "returns_created_idx" ON "returns" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "returns_updated_idx" ON "returns" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "returns_search_idx" ON "returns" USING gin ("firm_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_claims_number_uq" ON "vendor_claims" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "vendor_claims_vendor_idx" ON "vendor_claims" USING btree ("firm_id","vendor_id","number");--> statement-breakpoint
CREATE INDEX "vendor_claims_po_idx" ON "vendor_claims" USING btree ("firm_id","purchase_order_id");--> statement-breakpoint
CREATE INDEX "vendor_claims_po_line_idx" ON "vendor_claims" USING btree ("purchase_order_line_id");--> statement-breakpoint
CREATE INDEX "vendor_claims_return_line_idx" ON "vendor_claims" USING btree ("return_line_id") WHERE return_line_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "vendor_claims_opened_idx" ON "vendor_claims" USING btree ("firm_id","opened_on","id");--> statement-breakpoint
CREATE INDEX "vendor_claims_created_idx" ON "vendor_claims" USING btree ("firm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vendor_claims_updated_idx" ON "vendor_claims" USING btree ("firm_id","updated_at","id");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_expense_uq" ON "invoice_lines" USING btree ("expense_id") WHERE expense_id IS NOT NULL;--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "accounting_accounts" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("accounting_accounts"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("accounting_accounts"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "accounting_export_documents" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("accounting_export_documents"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("accounting_export_documents"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "accounting_exports" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("accounting_exports"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("accounting_exports"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "accounting_synced" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("accounting_synced"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("accounting_synced"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "commissions" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("commissions"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("commissions"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "expenses" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("expenses"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("expenses"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "money_accounts" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("money_accounts"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("money_accounts"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "bill_applications" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("bill_applications"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("bill_applications"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "bill_payments" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("bill_payments"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("bill_payments"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "vendor_bill_lines" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("vendor_bill_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("vendor_bill_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "vendor_bills" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("vendor_bills"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("vendor_bills"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "vendor_credits" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("vendor_credits"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("vendor_credits"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "return_lines" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("return_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("return_lines"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "returns" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("returns"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("returns"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);--> statement-breakpoint
CREATE POLICY "firm_isolation" ON "vendor_claims" AS PERMISSIVE FOR ALL TO "atelier_app" USING ("vendor_claims"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid) WITH CHECK ("vendor_claims"."firm_id" = (NULLIF(current_setting('app.firm_id', true), ''))::uuid);