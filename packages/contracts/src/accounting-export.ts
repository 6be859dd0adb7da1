import { z } from 'zod';
import { P, type PermissionCode } from './permissions';
import { ACCOUNTING_SYSTEMS } from './settings';

/**
 * The accounting-software export (decision 0047): each module declares the journal entries of its
 * documents; the firm maps each account role below to a ledger account of its books; an export
 * writes what was not sent yet (and what changed since) as a file of one adapter.
 */

/** The accounts a journal line names by role; the firm's mapping gives each a ledger account. */
export const ACCOUNT_ROLES = [
  'accounts_receivable',
  'retention_receivable',
  'customer_deposits',
  'customer_credit',
  'sales_income',
  'shipping_income',
  'restocking_fees',
  'sales_tax_payable',
  'sales_returns',
  'undeposited_funds',
  'bank',
  'credit_card',
  'accounts_payable',
  'vendor_credits',
  'inventory',
  'cost_of_goods',
  'expense',
  'purchase_tax',
  'commissions',
  'commissions_payable',
] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** QuickBooks' account types (IIF `ACCNTTYPE`), used for the `!ACCNT` lines of an IIF file. */
export const LEDGER_ACCOUNT_TYPES = [
  'AR',
  'AP',
  'BANK',
  'CCARD',
  'OCASSET',
  'OASSET',
  'FIXASSET',
  'OCLIAB',
  'LTLIAB',
  'EQUITY',
  'INC',
  'EXINC',
  'COGS',
  'EXP',
  'EXEXP',
] as const;
export type LedgerAccountType = (typeof LEDGER_ACCOUNT_TYPES)[number];

export type AccountRoleInfo = {
  label: string;
  /** The ledger account used until the firm maps the role (QuickBooks' usual names). */
  account: string;
  type: LedgerAccountType;
  /** What the role holds, for the mapping form. */
  help: string;
  /** What a key of the role is, when the role is mapped per something (per payment method). */
  per?: string;
};

export const ACCOUNT_ROLE_INFO: Record<AccountRole, AccountRoleInfo> = {
  accounts_receivable: {
    label: 'Accounts receivable',
    account: 'Accounts Receivable',
    type: 'AR',
    help: 'What customers owe on invoices.',
  },
  retention_receivable: {
    label: 'Retention receivable',
    account: 'Retention Receivable',
    type: 'OCASSET',
    help: 'Held back from progress invoices until the work is accepted.',
  },
  customer_deposits: {
    label: 'Customer deposits',
    account: 'Customer Deposits',
    type: 'OCLIAB',
    help: 'Deposits invoiced before the work, recovered as it is billed.',
  },
  customer_credit: {
    label: 'Customer credit',
    account: 'Customer Credits',
    type: 'OCLIAB',
    help: 'Money received or credit given that is not on an invoice yet.',
  },
  sales_income: {
    label: 'Sales income',
    account: 'Sales',
    type: 'INC',
    help: 'What invoices bill, before tax.',
    per: 'kind of line',
  },
  shipping_income: {
    label: 'Shipping income',
    account: 'Shipping Income',
    type: 'INC',
    help: 'Shipping and delivery billed.',
  },
  restocking_fees: {
    label: 'Restocking fees',
    account: 'Restocking Fees',
    type: 'INC',
    help: 'Fees charged on returns.',
  },
  sales_tax_payable: {
    label: 'Sales tax payable',
    account: 'Sales Tax Payable',
    type: 'OCLIAB',
    help: 'Sales tax billed, owed to the tax authority.',
  },
  sales_returns: {
    label: 'Sales returns and allowances',
    account: 'Sales Returns and Allowances',
    type: 'INC',
    help: 'Credit memos given to customers.',
  },
  undeposited_funds: {
    label: 'Undeposited funds',
    account: 'Undeposited Funds',
    type: 'OCASSET',
    help: 'Payments received, until they are deposited.',
    per: 'payment method',
  },
  bank: {
    label: 'Bank',
    account: 'Checking',
    type: 'BANK',
    help: 'A bank or cash account money is paid from (refunds, bills, expenses).',
    per: 'money account',
  },
  credit_card: {
    label: 'Credit card',
    account: 'Credit Card',
    type: 'CCARD',
    help: 'A card expenses are paid with.',
    per: 'money account',
  },
  accounts_payable: {
    label: 'Accounts payable',
    account: 'Accounts Payable',
    type: 'AP',
    help: 'What the firm owes vendors on their bills.',
  },
  vendor_credits: {
    label: 'Vendor credits',
    account: 'Vendor Credits',
    type: 'OCASSET',
    help: 'Credit vendors gave the firm, until it is used on a bill.',
  },
  inventory: { label: 'Inventory', account: 'Inventory Asset', type: 'OCASSET', help: 'Stock on hand, at cost.' },
  cost_of_goods: {
    label: 'Cost of goods sold',
    account: 'Cost of Goods Sold',
    type: 'COGS',
    help: 'What was sold, at cost.',
  },
  expense: { label: 'Expenses', account: 'Expenses', type: 'EXP', help: 'Money spent.', per: 'category' },
  purchase_tax: {
    label: 'Tax on purchases',
    account: 'Tax Paid on Purchases',
    type: 'EXP',
    help: 'Tax paid on expenses and bills.',
  },
  commissions: { label: 'Commissions', account: 'Commissions', type: 'EXP', help: 'Commission earned by ambassadors.' },
  commissions_payable: {
    label: 'Commissions payable',
    account: 'Commissions Payable',
    type: 'OCLIAB',
    help: 'Commission earned and not paid out yet.',
  },
};

/** Invoice lines' income keys: what a line sells (the order line's, for a line billing one). */
export const SALES_INCOME_KEYS = {
  products: 'Products',
  materials: 'Materials',
  special_orders: 'Special orders',
  services: 'Services and other lines',
} as const;

/** The file formats an export writes. */
export const ACCOUNTING_ADAPTERS = ['quickbooks_iif', 'journal_csv'] as const;
export type AccountingAdapter = (typeof ACCOUNTING_ADAPTERS)[number];
export const ACCOUNTING_ADAPTER_INFO: Record<AccountingAdapter, { label: string; extension: string; help: string }> = {
  quickbooks_iif: {
    label: 'QuickBooks Desktop (IIF)',
    extension: 'iif',
    help: 'Import in QuickBooks Desktop with File › Utilities › Import › IIF Files.',
  },
  journal_csv: {
    label: 'Journal (CSV)',
    extension: 'csv',
    help: 'One row per journal line: date, account, debit, credit, document. Most accounting software imports it as journal entries.',
  },
};

export type AccountingSystem = (typeof ACCOUNTING_SYSTEMS)[number];
export const ACCOUNTING_SYSTEM_LABELS: Record<AccountingSystem, string> = {
  '': 'None chosen',
  quickbooks: 'QuickBooks',
  xero: 'Xero',
};
/** The adapter an export uses unless asked for another: QuickBooks reads IIF, the rest a journal CSV. */
export const defaultAdapter = (system: AccountingSystem): AccountingAdapter =>
  system === 'quickbooks' ? 'quickbooks_iif' : 'journal_csv';

/** The document types the export may send, with the sync code each needs (144–158). */
export const SYNC_CODES: Readonly<Record<string, PermissionCode>> = {
  order: P.SYNC_ORDERS,
  invoice: P.SYNC_INVOICES,
  payment: P.SYNC_PAYMENTS,
  credit_memo: P.SYNC_CREDIT_MEMOS,
  purchase_order: P.SYNC_PURCHASE_ORDERS,
  refund: P.SYNC_REFUNDS,
  shipment: P.SYNC_SHIPMENTS,
  return: P.SYNC_RETURNS,
  quote: P.SYNC_QUOTES,
  product: P.SYNC_PRODUCTS,
  user: P.SYNC_USERS,
  company: P.SYNC_COMPANIES,
  vendor: P.SYNC_VENDORS,
  inventory: P.SYNC_INVENTORY,
  material: P.SYNC_MATERIALS,
};

const accountName = z
  .string()
  .trim()
  .max(100, 'Use at most 100 characters.')
  .regex(/^[^\t\r\n"]*$/, 'Use no tabs, line breaks or double quotes.');

/** One role's ledger account (PUT /accounting/mapping); an empty account goes back to the default. */
export const accountMappingEntrySchema = z.strictObject({
  role: z.enum(ACCOUNT_ROLES, { error: 'Choose a role from the list.' }),
  key: z.string().max(100, 'Use at most 100 characters.').default(''),
  account: accountName,
});

/** PUT /accounting/mapping: the accounting software used, and the accounts changed (others stay). */
export const accountingMappingInputSchema = z
  .strictObject({
    system: z.enum(ACCOUNTING_SYSTEMS, { error: 'Choose the accounting software from the list.' }).optional(),
    accounts: z.array(accountMappingEntrySchema).max(1000, 'Use at most 1000 accounts.').default([]),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.accounts.forEach((a, i) => {
      const id = `${a.role}\u0000${a.key}`;
      if (seen.has(id))
        ctx.addIssue({ code: 'custom', path: ['accounts', i, 'role'], message: 'This account is given twice.' });
      seen.add(id);
    });
  });
export type AccountingMappingInput = z.input<typeof accountingMappingInputSchema>;

/** A role (or a role's key: one payment method, one category) and the ledger account it uses. */
export const accountMappingRowSchema = z.strictObject({
  role: z.enum(ACCOUNT_ROLES),
  key: z.string(),
  label: z.string(),
  /** The ledger account used: the one mapped, else the default. */
  account: z.string(),
  /** What is used when nothing is mapped (a key falls back to its role's account). */
  defaultAccount: z.string(),
  mapped: z.boolean(),
  type: z.enum(LEDGER_ACCOUNT_TYPES),
});
export type AccountMappingRow = z.output<typeof accountMappingRowSchema>;

export const accountingMappingSchema = z.strictObject({
  system: z.enum(ACCOUNTING_SYSTEMS),
  adapter: z.enum(ACCOUNTING_ADAPTERS),
  accounts: z.array(accountMappingRowSchema),
});
export type AccountingMapping = z.output<typeof accountingMappingSchema>;

/** The longest period one export covers. */
export const EXPORT_MAX_DAYS = 366;
const day = z.iso.date('Use a date like 2026-01-31.');

/** POST /accounting/export. */
export const accountingExportInputSchema = z
  .strictObject({
    adapter: z.enum(ACCOUNTING_ADAPTERS, { error: 'Choose a file format from the list.' }),
    from: day,
    to: day,
  })
  .superRefine((value, ctx) => {
    if (value.to < value.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period ends on or after it starts.' });
      return;
    }
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1;
    if (days > EXPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Export at most ${EXPORT_MAX_DAYS} days at a time.` });
  });
export type AccountingExportInput = z.input<typeof accountingExportInputSchema>;

/** What happened to a document in an export. */
export const EXPORT_CHANGES = ['new', 'change', 'reversal'] as const;
export type ExportChange = (typeof EXPORT_CHANGES)[number];
export const EXPORT_CHANGE_LABELS: Record<ExportChange, string> = {
  new: 'Sent',
  change: 'Sent again as a change',
  reversal: 'Reversed (void or deleted)',
};
export const EXPORT_STATUSES = ['done', 'failed'] as const;

const counts = {
  sent: z.number().int(),
  changed: z.number().int(),
  reversed: z.number().int(),
  /** Documents of the period already sent as they are. */
  skipped: z.number().int(),
};

/** A run of the export, as its log shows it. */
export const accountingExportSchema = z.strictObject({
  _id: z.uuid(),
  number: z.number().int(),
  adapter: z.enum(ACCOUNTING_ADAPTERS),
  from: z.string(),
  to: z.string(),
  status: z.enum(EXPORT_STATUSES),
  createdAt: z.string(),
  createdBy: z.strictObject({ _id: z.uuid(), name: z.string() }).nullable(),
  ...counts,
  /** Per document type. */
  kinds: z.array(z.strictObject({ key: z.string(), label: z.string(), ...counts })),
  /** Document types the person may not sync (their code), left out of this run. */
  leftOut: z.array(z.strictObject({ key: z.string(), label: z.string(), code: z.number().int() })),
  error: z.string().nullable(),
  /** What came back: the file written, its checksum and totals. */
  file: z
    .strictObject({
      name: z.string(),
      bytes: z.number().int(),
      sha256: z.string(),
      entries: z.number().int(),
      lines: z.number().int(),
      debitCents: z.number().int(),
      creditCents: z.number().int(),
    })
    .nullable(),
});
export type AccountingExport = z.output<typeof accountingExportSchema>;

export const accountingExportDocumentSchema = z.strictObject({
  kind: z.string(),
  kindLabel: z.string(),
  record: z.strictObject({ _id: z.uuid(), name: z.string() }),
  /** The record's page (its web path), when its kind has one. */
  href: z.string().nullable(),
  change: z.enum(EXPORT_CHANGES),
  version: z.number().int().nullable(),
  party: z.string(),
});
export type AccountingExportDocument = z.output<typeof accountingExportDocumentSchema>;

export const accountingExportDetailSchema = accountingExportSchema.extend({
  documents: z.array(accountingExportDocumentSchema),
});
export type AccountingExportDetail = z.output<typeof accountingExportDetailSchema>;

/** GET /accounting/exports: newest first; `vendor` keeps the runs that sent that vendor's documents. */
export const accountingExportListQuerySchema = z.strictObject({
  vendor: z.uuid('Choose a vendor from the list.').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.coerce.number().int().min(1, 'Not a valid cursor.').optional(),
});

export const accountingExportPageSchema = z.strictObject({
  items: z.array(accountingExportSchema),
  total: z.number().int(),
  next: z.string().nullable(),
});
export type AccountingExportPage = z.output<typeof accountingExportPageSchema>;

/** DELETE /accounting/synced: what was forgotten. */
export const accountingForgetSchema = z.strictObject({ forgotten: z.number().int() });
