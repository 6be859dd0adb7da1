import type { AmbassadorRow } from './ambassadors';
import { CHANGE_ORDER_STATUS_LABELS, type ChangeOrderRow } from './change-orders';
import {
  AMBASSADOR_KIND_LABELS,
  COLLECTION_KIND_LABELS,
  COMPANY_TYPE_LABELS,
  LEAD_STATUS_LABELS,
  PRODUCT_STATUS_LABELS,
  SELL_UNIT_LABELS,
} from './choices';
import type { CollectionRow } from './collections';
import { type KindColumn, listColumns } from './columns';
import type { CompanyRow } from './companies';
import { CREDIT_MEMO_STATUS_LABELS, type CreditMemoRow } from './credit-memos';
import type { CustomerRow } from './customers';
import { type DeliveryRouteRow, ROUTE_STATUS_LABELS } from './deliveries';
import type { EmailRow } from './emails';
import { EXPENSE_BILLING_LABELS, type ExpenseRow } from './expenses';
import type { FeatureKey } from './features';
import { IMPORT_KIND_LABELS, IMPORT_STATUS_LABELS, type ImportRow } from './imports';
import { INVOICE_BILLING_LABELS, INVOICE_STATUS_LABELS, type InvoiceRow } from './invoices';
import { type CustomerJobRow, JOB_STATUS_LABELS } from './jobs';
import type { LeadRow } from './leads';
import { LIEN_WAIVER_DIRECTION_LABELS, type LienWaiverRow } from './lien-waivers';
import { LIEN_STATUS_LABELS, type LienRow } from './liens';
import type { MaterialRow } from './materials';
import { FULFILMENT_METHOD_LABELS, ORDER_STATUS_LABELS, type OrderRow } from './orders';
import { PAYMENT_METHOD_LABELS, type PaymentRow } from './payments';
import { P, type PermissionCode } from './permissions';
import type { ProductRow } from './products';
import { PROPOSAL_STATUS_LABELS, type ProposalRow } from './proposals';
import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderRow } from './purchase-orders';
import { QUOTE_STATUS_LABELS, type QuoteRow } from './quotes';
import {
  RECURRING_ACTION_LABELS,
  RECURRING_FREQUENCY_LABELS,
  RECURRING_STATUS_LABELS,
  type RecurringInvoiceRow,
} from './recurring-invoices';
import { RETURN_RESOLUTION_LABELS, RETURN_STATUS_LABELS, type ReturnRow } from './returns';
import { SHIPMENT_DIRECTION_LABELS, SHIPMENT_STATUS_LABELS, type ShipmentRow } from './shipments';
import { TASK_PRIORITY_LABELS, type TaskRow } from './tasks';
import type { TimeEntryRow } from './time';
import {
  type BillPaymentRow,
  VENDOR_BILL_STATUS_LABELS,
  VENDOR_CREDIT_STATUS_LABELS,
  type VendorBillRow,
  type VendorCreditRow,
} from './vendor-bills';
import { VENDOR_CLAIM_STATUS_LABELS, type VendorClaimRow } from './vendor-claims';
import type { VendorRow } from './vendors';

/**
 * Routes the platform gives every record kind unless its declaration says it lacks them:
 * create (POST), archive and restore, delete, bulk actions, and the CSV export.
 */
export const KIND_ROUTES = ['create', 'archive', 'delete', 'bulk', 'export'] as const;
export type KindRoute = (typeof KIND_ROUTES)[number];

/** A routed tab of a record's page: its path segment ('' for the first) and the spec's name. */
/**
 * A routed tab of a record's page: its path segment ('' for the first) and the spec's name. The
 * first is the record's own address and `/details` too, or `/{alias}` where the spec names it
 * otherwise (a material's info).
 */
export type RecordTab = { path: string; label: string; alias?: string };

/**
 * A record kind, declared once and read by the server and the web app alike: its words, where
 * it lives, what guards it. The server's entity registry, routes, exports, audit and search, and
 * the web app's navigation, titles, search targets, tabs and live updates all derive from it.
 */
export type RecordKind = {
  /** The entity type: audit rows, subscriptions, search entries and realtime events name it. */
  key: string;
  /** Words for messages, as the spec writes them: "account", "accounts". */
  noun: string;
  plural: string;
  /** Words for titles and labels: "Account", "Accounts". */
  label: string;
  labelPlural: string;
  /** Its list page; a record's page is `${webPath}/{id}`. */
  webPath: `/${string}`;
  /** Its API collection under /api/v1; a record is `${apiPath}/{id}`. */
  apiPath: `/${string}`;
  codes: {
    /** To see it and edit it (its list, its page, its interactions, files and history). */
    modify: PermissionCode;
    /** To archive, restore and delete it. */
    remove: PermissionCode;
    /** Its settings tab, where it has one. */
    settings?: PermissionCode;
    /** To export its list (spec codes 37–41). */
    export: PermissionCode;
    /** To import it, where it can be imported. */
    import?: PermissionCode;
  };
  /** The module it belongs to, when a firm pays for it separately. */
  feature?: FeatureKey;
  /** Whether global search finds it (its search category is its key). */
  searchable: boolean;
  /**
   * Whether a record being typed is checked against the firm's others (by name, email and
   * phone): `GET {apiPath}/duplicates`, and the warning on its form. Never a block.
   */
  duplicates?: boolean;
  /**
   * Fields only holders of a further code see (an account's financials: 15; an employee's pay:
   * 53), by their name in API rows and audit changes: lists, records, exports, logs and search
   * leave them out for everyone else.
   */
  fieldCodes?: Readonly<Record<string, PermissionCode>>;
  /** The detail page's routed tabs, in the spec's order. */
  tabs: readonly RecordTab[];
  /** The setting that holds its number prefix, for kinds that are numbered. */
  numberPrefix?: string;
  /** Platform routes it does not have (employees join by invitation, so have no create). */
  lacks?: readonly KindRoute[];
  /**
   * Its list's columns: what the web list shows, the server's sorts, choice filters and CSV
   * export. Kinds that have them run their lists and exports from them alone.
   */
  columns?: readonly KindColumn[];
  /**
   * What its list answer calls its rows, where the spec names them (the task list of spec
   * section 7 answers `tasks`): `items` unless said.
   */
  listRows?: string;
  /** The longest page its list gives (the task board loads whole: 500); 100 unless said. */
  pageMax?: number;
  /**
   * Whether holding its modify code shows only some of its records, by a rule its module keeps
   * (tasks: those assigned to you, without view-all-tasks).
   */
  narrowed?: boolean;
  /**
   * The kind whose records it belongs to and is reached from, when the spec gives it no page of
   * its own in the navigation (a change order, from its order's tab): its list stays at `webPath`.
   */
  within?: string;
};

/** The one place a kind is declared; `satisfies` keeps each one's literal types. */
const defineKinds = <T extends Record<string, RecordKind>>(kinds: { [K in keyof T]: T[K] & { key: K } }) => kinds;

// As they are named in list rows and audit changes.
const COMPANY_FINANCIALS = ['paymentTermsDays', 'creditLimitCents', 'priceLevel', 'taxExempt', 'taxCertificateFileId'];

export const KINDS = defineKinds({
  company: {
    key: 'company',
    noun: 'account',
    plural: 'accounts',
    label: 'Account',
    labelPlural: 'Accounts',
    webPath: '/u/companies',
    apiPath: '/companies',
    codes: {
      modify: P.MODIFY_COMPANIES,
      remove: P.DELETE_COMPANIES,
      settings: P.COMPANY_SETTINGS,
      export: P.EXPORT_COMPANIES,
    },
    searchable: true,
    duplicates: true,
    fieldCodes: Object.fromEntries(COMPANY_FINANCIALS.map((field) => [field, P.COMPANY_FINANCIALS])),
    tabs: [
      { path: '', label: 'Details' },
      { path: 'files', label: 'Files' },
      { path: 'accounting', label: 'Accounting' },
      { path: 'analytics', label: 'Analytics' },
      { path: 'pricing', label: 'Pricing' },
      { path: 'interactions', label: 'Interactions' },
      { path: 'orders', label: 'Orders' },
      { path: 'settings', label: 'Settings' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<CompanyRow>()([
      { key: 'name', label: 'Name', sort: true },
      { key: 'type', label: 'Type', choices: COMPANY_TYPE_LABELS, sort: true },
      { key: 'phone', label: 'Phone' },
      { key: 'email', label: 'Email', hidden: true },
      { key: 'city', label: 'City' },
      { key: 'assignedTo', name: 'assigned', label: 'Assigned to', format: 'person' },
      { key: 'tags', label: 'Tags', format: 'tags' },
      { key: 'contacts', label: 'Contacts', format: 'number' },
      { key: 'paymentTermsDays', label: 'Payment terms (days)', format: 'number', hidden: true },
      { key: 'creditLimitCents', label: 'Credit limit', format: 'money', hidden: true },
    ]),
  },
  customer: {
    key: 'customer',
    noun: 'customer',
    plural: 'customers',
    label: 'Customer',
    labelPlural: 'Customers',
    webPath: '/u/customers',
    apiPath: '/customers',
    codes: { modify: P.MODIFY_USERS, remove: P.DELETE_USERS, settings: P.CUSTOMER_SETTINGS, export: P.EXPORT_USERS },
    searchable: true,
    duplicates: true,
    tabs: [
      { path: '', label: 'Details' },
      { path: 'orders', label: 'Orders' },
      { path: 'favorites', label: 'Favorites' },
      { path: 'activities', label: 'Activities' },
      { path: 'interactions', label: 'Interactions' },
      { path: 'files', label: 'Files' },
      { path: 'settings', label: 'Settings' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<CustomerRow>()([
      { key: 'name', label: 'Name', sort: true },
      { key: 'company', label: 'Account', format: 'ref' },
      { key: 'email', label: 'Email', sort: true },
      { key: 'phone', label: 'Phone' },
      { key: 'city', label: 'City', hidden: true },
      { key: 'assignedTo', name: 'assigned', label: 'Assigned to', format: 'person' },
      { key: 'source', label: 'Source', hidden: true },
      { key: 'tags', label: 'Tags', format: 'tags' },
      { key: 'marketingConsent', name: 'consent', label: 'Marketing consent', format: 'yesno', hidden: true },
    ]),
  },
  lead: {
    key: 'lead',
    noun: 'lead',
    plural: 'leads',
    label: 'Lead',
    labelPlural: 'Leads',
    webPath: '/u/leads',
    apiPath: '/leads',
    // Leads are people outside the firm, exported like customers (39).
    codes: { modify: P.MODIFY_LEADS, remove: P.DELETE_LEADS, settings: P.LEAD_SETTINGS, export: P.EXPORT_USERS },
    feature: 'lead_management',
    searchable: true,
    duplicates: true,
    tabs: [
      { path: '', label: 'Details' },
      { path: 'interactions', label: 'Interactions' },
      { path: 'files', label: 'Files' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<LeadRow>()([
      { key: 'name', label: 'Name', sort: true },
      { key: 'companyName', name: 'company', label: 'Company' },
      { key: 'status', name: 'stage', label: 'Stage', choices: LEAD_STATUS_LABELS },
      { key: 'estimatedValueCents', name: 'value', label: 'Value', format: 'money', sort: true },
      { key: 'assignedTo', name: 'assigned', label: 'Assigned to', format: 'person' },
      { key: 'nextFollowUp', name: 'followUp', label: 'Next follow-up', format: 'date', sort: true },
      { key: 'overdue', label: 'Overdue', format: 'yesno', hidden: true },
      { key: 'source', label: 'Source' },
      { key: 'email', label: 'Email', hidden: true },
      { key: 'phone', label: 'Phone', hidden: true },
      { key: 'tags', label: 'Tags', format: 'tags', hidden: true },
    ]),
  },
  ambassador: {
    key: 'ambassador',
    noun: 'ambassador',
    plural: 'ambassadors',
    label: 'Ambassador',
    labelPlural: 'Ambassadors',
    webPath: '/u/ambassadors',
    apiPath: '/ambassadors',
    // Ambassadors are people outside the firm, exported like customers (39).
    codes: {
      modify: P.MODIFY_AMBASSADORS,
      remove: P.DELETE_AMBASSADORS,
      settings: P.AMBASSADOR_SETTINGS,
      export: P.EXPORT_USERS,
    },
    searchable: false,
    duplicates: true,
    tabs: [
      { path: '', label: 'Details' },
      { path: 'interactions', label: 'Interactions' },
      { path: 'files', label: 'Files' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<AmbassadorRow>()([
      { key: 'name', label: 'Name', sort: true },
      { key: 'kind', label: 'Kind', choices: AMBASSADOR_KIND_LABELS },
      { key: 'referralCode', label: 'Referral code' },
      { key: 'commissionPercent', label: 'Commission', format: 'percent' },
      { key: 'referrals', label: 'Referrals', format: 'number' },
      { key: 'email', label: 'Email' },
      { key: 'phone', label: 'Phone', hidden: true },
      { key: 'tags', label: 'Tags', format: 'tags' },
    ]),
  },
  customer_job: {
    key: 'customer_job',
    noun: 'job',
    plural: 'jobs',
    label: 'Job',
    labelPlural: 'Jobs',
    webPath: '/u/customer-jobs',
    apiPath: '/customer-jobs',
    // A job is selling work: exported with orders (38).
    codes: {
      modify: P.MODIFY_CUSTOMER_JOBS,
      remove: P.DELETE_CUSTOMER_JOBS,
      settings: P.CUSTOMER_JOB_SETTINGS,
      export: P.EXPORT_ORDERS,
    },
    feature: 'project_management',
    searchable: true,
    tabs: [
      { path: '', label: 'Overview', alias: 'overview' },
      { path: 'tasks', label: 'Tasks' },
      { path: 'orders', label: 'Orders' },
      { path: 'invoices', label: 'Invoices' },
      { path: 'purchase-orders', label: 'Purchase orders' },
      { path: 'expenses', label: 'Expenses' },
      { path: 'time', label: 'Time' },
      { path: 'files', label: 'Files' },
      { path: 'interactions', label: 'Interactions' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<CustomerJobRow>()([
      { key: 'name', label: 'Job', sort: true },
      { key: 'customer', label: 'Customer', format: 'ref' },
      { key: 'project', label: 'Project', format: 'yesno', hidden: true },
      { key: 'status', name: 'state', label: 'Status', choices: JOB_STATUS_LABELS },
      { key: 'startDate', name: 'start', label: 'Start', format: 'date', sort: true },
      { key: 'endDate', name: 'end', label: 'End', format: 'date' },
      { key: 'manager', label: 'Manager', format: 'person' },
      { key: 'budgetRevenueCents', name: 'budget', label: 'Budget', format: 'money' },
      { key: 'city', label: 'City', hidden: true },
      { key: 'tags', label: 'Tags', format: 'tags' },
    ]),
  },
  task: {
    key: 'task',
    noun: 'task',
    plural: 'tasks',
    label: 'Task',
    labelPlural: 'Tasks',
    webPath: '/f/task-board',
    apiPath: '/project-management',
    // Everyone on the staff works tasks (generic, 200); only view-all-tasks (169) shows the
    // others' and removes them (decision 0034). Exported with orders, as jobs are (38).
    codes: { modify: P.GENERIC, remove: P.VIEW_ALL_TASKS, export: P.EXPORT_ORDERS },
    feature: 'project_management',
    searchable: false,
    narrowed: true,
    listRows: 'tasks',
    pageMax: 500,
    tabs: [
      { path: '', label: 'Details' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<TaskRow>()([
      { key: 'name', label: 'Task', sort: true },
      { key: 'status', name: 'column', label: 'Status' },
      { key: 'taskType', name: 'type', label: 'Type' },
      { key: 'assignee', label: 'Assignee', format: 'person' },
      { key: 'customerJob', name: 'job', label: 'Job', format: 'ref' },
      { key: 'dueDate', name: 'due', label: 'Due', format: 'date', sort: true },
      { key: 'priority', label: 'Priority', choices: TASK_PRIORITY_LABELS },
      { key: 'account', label: 'Account', format: 'ref', hidden: true },
    ]),
  },
  employee: {
    key: 'employee',
    noun: 'employee',
    plural: 'employees',
    label: 'Employee',
    labelPlural: 'Employees',
    webPath: '/u/employees',
    apiPath: '/employees',
    codes: {
      modify: P.MODIFY_EMPLOYEES,
      remove: P.DELETE_EMPLOYEES,
      settings: P.EMPLOYEE_SETTINGS,
      export: P.EXPORT_USERS,
    },
    searchable: true,
    // Pay is for employee settings (53) only; its history says "[hidden]" even then (decision 0009).
    fieldCodes: { pay: P.EMPLOYEE_SETTINGS, costRateCents: P.EMPLOYEE_SETTINGS },
    // They join by invitation (POST /invitations) and leave by deactivation, not archive.
    lacks: ['create', 'archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'analytics', label: 'Analytics' },
      { path: 'accounting', label: 'Accounting' },
      { path: 'customers', label: 'Customers' },
      { path: 'logs', label: 'Logs' },
    ],
  },
  time_entry: {
    key: 'time_entry',
    noun: 'time entry',
    plural: 'time entries',
    label: 'Time entry',
    labelPlural: 'Timesheet',
    webPath: '/u/profile/timesheet',
    apiPath: '/time-entries',
    // Everyone on the staff keeps their own time (generic, 200); modify-employees (51) sees and
    // corrects everyone's and approves their weeks. What an hour costs is for 53 only.
    codes: { modify: P.GENERIC, remove: P.GENERIC, settings: P.EMPLOYEE_SETTINGS, export: P.EXPORT_USERS },
    searchable: false,
    narrowed: true,
    fieldCodes: { costRateCents: P.EMPLOYEE_SETTINGS, costCents: P.EMPLOYEE_SETTINGS },
    // Kept or corrected (with a reason), never archived; an entry of an open week may be deleted.
    lacks: ['archive', 'bulk'],
    pageMax: 500,
    tabs: [
      { path: '', label: 'Details' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<TimeEntryRow>()([
      { key: 'startedAt', name: 'start', label: 'Start', format: 'datetime', sort: true },
      { key: 'endedAt', name: 'end', label: 'End', format: 'datetime' },
      { key: 'person', label: 'Person', format: 'person' },
      { key: 'task', label: 'Task' },
      { key: 'customerJob', name: 'job', label: 'Job', format: 'ref' },
      { key: 'minutes', label: 'Minutes', format: 'number' },
      { key: 'autoClosed', name: 'auto', label: 'Closed automatically', format: 'yesno', hidden: true },
      { key: 'costCents', name: 'cost', label: 'Labour cost', format: 'money', hidden: true },
    ]),
  },
  product: {
    key: 'product',
    noun: 'product',
    plural: 'products',
    label: 'Product',
    labelPlural: 'Products',
    webPath: '/p/products',
    apiPath: '/products',
    codes: {
      modify: P.MODIFY_PRODUCTS,
      remove: P.DELETE_PRODUCTS,
      settings: P.PRODUCT_SETTINGS,
      export: P.EXPORT_PRODUCTS,
    },
    searchable: true,
    // Spec sheets and installation guides go in its files.
    tabs: [
      { path: '', label: 'Details' },
      { path: 'variants', label: 'Variants' },
      { path: 'images', label: 'Images' },
      { path: 'pricing', label: 'Pricing' },
      { path: 'stock', label: 'Stock' },
      { path: 'reorder', label: 'Reorder' },
      { path: 'files', label: 'Files' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<ProductRow>()([
      { key: 'name', label: 'Name', sort: true },
      { key: 'sku', label: 'SKU', sort: true },
      // `status` filters active and archived records, as on every list.
      { key: 'status', name: 'state', label: 'Availability', choices: PRODUCT_STATUS_LABELS },
      { key: 'category', label: 'Category', format: 'ref' },
      { key: 'unit', label: 'Unit', choices: SELL_UNIT_LABELS },
      { key: 'priceCents', name: 'price', label: 'Price', format: 'money', sort: true },
      { key: 'costCents', name: 'cost', label: 'Cost', format: 'money', hidden: true },
      { key: 'taxClass', label: 'Tax class', hidden: true },
      { key: 'tags', label: 'Tags', format: 'tags' },
    ]),
  },
  collection: {
    key: 'collection',
    noun: 'collection',
    plural: 'collections',
    label: 'Collection',
    labelPlural: 'Collections',
    webPath: '/p/collections',
    apiPath: '/collections',
    // One code (80) makes, changes and deletes them; they are exported with products (37).
    codes: { modify: P.MODIFY_COLLECTIONS, remove: P.MODIFY_COLLECTIONS, export: P.EXPORT_PRODUCTS },
    searchable: false,
    tabs: [
      { path: '', label: 'Details' },
      { path: 'products', label: 'Products' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<CollectionRow>()([
      { key: 'name', label: 'Name', sort: true },
      { key: 'kind', label: 'Kind', choices: COLLECTION_KIND_LABELS },
      { key: 'products', label: 'Products', format: 'number' },
    ]),
  },
  // Search's "Raw Material" category, whose key the spec gives.
  raw_material: {
    key: 'raw_material',
    noun: 'material',
    plural: 'materials',
    label: 'Material',
    labelPlural: 'Materials',
    webPath: '/p/materials',
    apiPath: '/materials',
    codes: {
      modify: P.MODIFY_MATERIALS,
      remove: P.DELETE_MATERIALS,
      settings: P.MATERIAL_SETTINGS,
      export: P.EXPORT_PRODUCTS,
    },
    feature: 'materials',
    searchable: true,
    // Its stock is kept like a product's; the spec's analytics tab reads its ledger.
    tabs: [
      { path: '', label: 'Info', alias: 'info' },
      { path: 'stock', label: 'Stock' },
      { path: 'reorder', label: 'Reorder' },
      { path: 'analytics', label: 'Analytics' },
      { path: 'files', label: 'Files' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<MaterialRow>()([
      { key: 'name', label: 'Name', sort: true },
      { key: 'sku', label: 'SKU', sort: true },
      { key: 'unit', label: 'Unit', choices: SELL_UNIT_LABELS },
      { key: 'costCents', name: 'cost', label: 'Cost', format: 'money', sort: true },
      { key: 'tags', label: 'Tags', format: 'tags' },
    ]),
  },
  vendor: {
    key: 'vendor',
    noun: 'vendor',
    plural: 'vendors',
    label: 'Vendor',
    labelPlural: 'Vendors',
    webPath: '/p/vendors',
    apiPath: '/vendors',
    // Vendors are exported with products (37 covers materials, vendors, purchase orders, stock).
    codes: {
      modify: P.MODIFY_VENDORS,
      remove: P.DELETE_VENDORS,
      settings: P.VENDOR_SETTINGS,
      export: P.EXPORT_PRODUCTS,
    },
    searchable: true,
    duplicates: true,
    // The spec's sync and expenses tabs come with accounting.
    tabs: [
      { path: '', label: 'Details' },
      { path: 'items', label: 'Items' },
      { path: 'purchase-orders', label: 'Purchase orders' },
      { path: 'bills', label: 'Bills' },
      // Damaged or wrong items claimed back from the vendor (vendor claims).
      { path: 'claims', label: 'Claims' },
      { path: 'analytics', label: 'Analytics' },
      // The exports to the accounting software that sent the vendor's documents (decision 0047).
      { path: 'sync', label: 'Sync' },
      { path: 'logs', label: 'Logs' },
      // The spec's order: the expenses paid to the vendor come last.
      { path: 'expenses', label: 'Expenses' },
    ],
    columns: listColumns<VendorRow>()([
      { key: 'name', label: 'Name', sort: true },
      { key: 'contactName', label: 'Contact' },
      { key: 'email', label: 'Email' },
      { key: 'phone', label: 'Phone' },
      { key: 'city', label: 'City' },
      { key: 'paymentTermsDays', label: 'Terms (days)', format: 'number', sort: true, name: 'terms' },
      { key: 'leadTimeDays', label: 'Lead time (days)', format: 'number', sort: true, name: 'leadTime' },
      { key: 'tags', label: 'Tags', format: 'tags' },
    ]),
  },
  order: {
    key: 'order',
    noun: 'order',
    plural: 'orders',
    label: 'Order',
    labelPlural: 'Orders',
    webPath: '/o/orders',
    apiPath: '/orders',
    codes: {
      modify: P.MODIFY_ORDERS,
      remove: P.DELETE_ORDERS,
      settings: P.ORDER_SETTINGS,
      export: P.EXPORT_ORDERS,
    },
    searchable: true,
    numberPrefix: 'orderSettings.prefix',
    // Numbered documents are cancelled, not archived: a draft may be deleted.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'change-orders', label: 'Change orders' },
      { path: 'files', label: 'Files' },
      { path: 'interactions', label: 'Interactions' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<OrderRow>()([
      { key: 'number', label: 'Number', sort: true },
      { key: 'customer', label: 'Customer', format: 'ref' },
      { key: 'company', name: 'account', label: 'Account', format: 'ref' },
      { key: 'status', name: 'state', label: 'Status', choices: ORDER_STATUS_LABELS },
      { key: 'fulfilment', label: 'Fulfilment', choices: FULFILMENT_METHOD_LABELS, hidden: true },
      { key: 'customerJob', name: 'job', label: 'Job', format: 'ref', hidden: true },
      { key: 'requestedDate', name: 'requested', label: 'Wanted by', format: 'date', sort: true },
      { key: 'confirmedAt', name: 'confirmed', label: 'Confirmed', format: 'date', hidden: true },
      { key: 'totalCents', name: 'total', label: 'Total', format: 'money', sort: true },
      // What it came to when confirmed, before change orders (none for a draft).
      { key: 'originalTotalCents', name: 'original', label: 'Total as confirmed', format: 'money', hidden: true },
      { key: 'lineCount', name: 'lines', label: 'Lines', format: 'number', hidden: true },
    ]),
  },
  change_order: {
    key: 'change_order',
    noun: 'change order',
    plural: 'change orders',
    label: 'Change order',
    labelPlural: 'Change orders',
    webPath: '/o/change-orders',
    apiPath: '/change-orders',
    // Part of keeping orders: the same codes.
    codes: {
      modify: P.MODIFY_ORDERS,
      remove: P.DELETE_ORDERS,
      settings: P.ORDER_SETTINGS,
      export: P.EXPORT_ORDERS,
    },
    searchable: false,
    within: 'order',
    // Approved or declined, never archived: a draft may be deleted.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<ChangeOrderRow>()([
      { key: 'name', label: 'Change order' },
      { key: 'order', label: 'Order', format: 'ref' },
      { key: 'customer', label: 'Customer', format: 'ref' },
      { key: 'status', name: 'state', label: 'Status', choices: CHANGE_ORDER_STATUS_LABELS },
      { key: 'reason', label: 'Reason' },
      { key: 'previousTotalCents', name: 'before', label: 'Order total before', format: 'money', hidden: true },
      { key: 'totalCents', name: 'total', label: 'Order total after', format: 'money', sort: true },
    ]),
  },
  invoice: {
    key: 'invoice',
    noun: 'invoice',
    plural: 'invoices',
    label: 'Invoice',
    labelPlural: 'Invoices',
    webPath: '/a/invoices',
    apiPath: '/invoices',
    // No feature: invoices come with every firm (the `invoicing` module is never enabled, decision 0043).
    // Sending (61) is a code of its own; money reports and exports are 41.
    codes: {
      modify: P.MODIFY_INVOICES,
      remove: P.DELETE_INVOICES,
      settings: P.INVOICE_SETTINGS,
      export: P.EXPORT_ANALYTICS,
    },
    searchable: true,
    numberPrefix: 'invoiceSettings.prefix',
    // Voided, never archived: a draft may be deleted, a sent invoice never.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'files', label: 'Files' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<InvoiceRow>()([
      { key: 'number', label: 'Number', sort: true },
      { key: 'customer', label: 'Customer', format: 'ref' },
      { key: 'company', name: 'account', label: 'Account', format: 'ref' },
      { key: 'status', name: 'state', label: 'Status', choices: INVOICE_STATUS_LABELS },
      { key: 'billing', label: 'Bills', choices: INVOICE_BILLING_LABELS, hidden: true },
      { key: 'order', label: 'Order', format: 'ref', hidden: true },
      { key: 'customerJob', name: 'job', label: 'Job', format: 'ref', hidden: true },
      { key: 'issueDate', name: 'issued', label: 'Issued', format: 'date', sort: true },
      { key: 'dueDate', name: 'due', label: 'Due', format: 'date', sort: true },
      { key: 'overdue', label: 'Overdue', format: 'yesno' },
      { key: 'totalCents', name: 'total', label: 'Total', format: 'money', sort: true },
      { key: 'balanceCents', name: 'balance', label: 'Balance', format: 'money', sort: true },
    ]),
  },
  recurring_invoice: {
    key: 'recurring_invoice',
    noun: 'recurring invoice',
    plural: 'recurring invoices',
    label: 'Recurring invoice',
    labelPlural: 'Recurring invoices',
    webPath: '/a/recurring-invoices',
    apiPath: '/recurring-invoices',
    // Part of invoicing: the invoices' codes; reached from the invoices page.
    codes: {
      modify: P.MODIFY_INVOICES,
      remove: P.DELETE_INVOICES,
      settings: P.INVOICE_SETTINGS,
      export: P.EXPORT_ANALYTICS,
    },
    searchable: false,
    within: 'invoice',
    // Paused or ended, never archived: deleting one keeps the invoices it made.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<RecurringInvoiceRow>()([
      { key: 'name', label: 'Plan', sort: true },
      { key: 'customer', label: 'Customer', format: 'ref' },
      { key: 'frequency', label: 'Every', choices: RECURRING_FREQUENCY_LABELS },
      { key: 'status', name: 'state', label: 'Status', choices: RECURRING_STATUS_LABELS },
      { key: 'nextRunOn', name: 'next', label: 'Next invoice', format: 'date', sort: true },
      { key: 'action', label: 'Each run', choices: RECURRING_ACTION_LABELS, hidden: true },
      { key: 'totalCents', name: 'total', label: 'Each invoice', format: 'money', sort: true },
    ]),
  },
  payment: {
    key: 'payment',
    noun: 'payment',
    plural: 'payments',
    label: 'Payment',
    labelPlural: 'Payments',
    webPath: '/a/payments',
    apiPath: '/payments',
    codes: {
      modify: P.MODIFY_PAYMENTS,
      remove: P.DELETE_PAYMENTS,
      settings: P.PAYMENT_SETTINGS,
      export: P.EXPORT_ANALYTICS,
    },
    searchable: true,
    // Deleted (its money taken off its invoices first), never archived.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<PaymentRow>()([
      { key: 'name', label: 'Payment' },
      { key: 'receivedOn', name: 'received', label: 'Received', format: 'date', sort: true },
      { key: 'customer', label: 'Customer', format: 'ref' },
      { key: 'amountCents', name: 'amount', label: 'Amount', format: 'money', sort: true },
      { key: 'company', name: 'account', label: 'Account', format: 'ref', hidden: true },
      { key: 'method', label: 'Method', choices: PAYMENT_METHOD_LABELS },
      { key: 'reference', label: 'Reference' },
      { key: 'unappliedCents', name: 'unapplied', label: 'Unapplied', format: 'money' },
    ]),
  },
  credit_memo: {
    key: 'credit_memo',
    noun: 'credit memo',
    plural: 'credit memos',
    label: 'Credit memo',
    labelPlural: 'Credit memos',
    webPath: '/a/credit-memos',
    apiPath: '/credit-memos',
    codes: {
      modify: P.MODIFY_CREDIT_MEMOS,
      remove: P.DELETE_CREDIT_MEMOS,
      settings: P.CREDIT_MEMO_SETTINGS,
      export: P.EXPORT_ANALYTICS,
    },
    searchable: false,
    numberPrefix: 'creditMemoSettings.prefix',
    // Voided, never archived: one never used may be deleted.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<CreditMemoRow>()([
      { key: 'number', label: 'Number', sort: true },
      { key: 'customer', label: 'Customer', format: 'ref' },
      { key: 'company', name: 'account', label: 'Account', format: 'ref', hidden: true },
      { key: 'amountCents', name: 'amount', label: 'Amount', format: 'money', sort: true },
      { key: 'remainingCents', name: 'remaining', label: 'Left to use', format: 'money' },
      { key: 'status', name: 'state', label: 'Status', choices: CREDIT_MEMO_STATUS_LABELS },
      { key: 'issueDate', name: 'issued', label: 'Issued', format: 'date', sort: true },
      { key: 'reason', label: 'Reason' },
    ]),
  },
  return: {
    key: 'return',
    noun: 'return',
    plural: 'returns',
    label: 'Return',
    labelPlural: 'Returns',
    webPath: '/o/returns',
    apiPath: '/returns',
    codes: {
      modify: P.MODIFY_RETURNS,
      remove: P.DELETE_RETURNS,
      settings: P.RETURN_SETTINGS,
      export: P.EXPORT_ORDERS,
    },
    searchable: true,
    numberPrefix: 'returnSettings.prefix',
    // Settled or rejected, never archived: one still requested may be deleted.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<ReturnRow>()([
      { key: 'number', label: 'Number', sort: true },
      { key: 'order', label: 'Order', format: 'ref' },
      { key: 'customer', label: 'Customer', format: 'ref' },
      { key: 'status', name: 'state', label: 'Status', choices: RETURN_STATUS_LABELS },
      { key: 'creditCents', name: 'credit', label: 'Credit', format: 'money', sort: true },
      { key: 'resolution', label: 'Settled by', choices: RETURN_RESOLUTION_LABELS },
      { key: 'requestedOn', name: 'requested', label: 'Requested', format: 'date', sort: true },
    ]),
  },
  vendor_claim: {
    key: 'vendor_claim',
    noun: 'vendor claim',
    plural: 'vendor claims',
    label: 'Vendor claim',
    labelPlural: 'Vendor claims',
    webPath: '/p/vendor-claims',
    apiPath: '/vendor-claims',
    // Reached from its vendor, purchase order and return, not the navigation.
    within: 'purchase_order',
    // A claim is part of buying: the purchase orders' codes.
    codes: {
      modify: P.MODIFY_PURCHASE_ORDERS,
      remove: P.DELETE_PURCHASE_ORDERS,
      settings: P.PURCHASE_ORDER_SETTINGS,
      export: P.EXPORT_ORDERS,
    },
    searchable: false,
    // Settled or rejected, never archived: one still open may be deleted.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<VendorClaimRow>()([
      { key: 'number', label: 'Number', sort: true },
      { key: 'vendor', label: 'Vendor', format: 'ref' },
      { key: 'purchaseOrder', name: 'purchase-order', label: 'Purchase order', format: 'ref' },
      { key: 'item', label: 'Item' },
      { key: 'quantity', label: 'Quantity', format: 'number' },
      { key: 'status', name: 'state', label: 'Status', choices: VENDOR_CLAIM_STATUS_LABELS },
      { key: 'openedOn', name: 'opened', label: 'Opened', format: 'date', sort: true },
    ]),
  },
  lien: {
    key: 'lien',
    noun: 'lien',
    plural: 'liens',
    label: 'Lien',
    labelPlural: 'Mechanic liens',
    webPath: '/a/liens',
    apiPath: '/liens',
    codes: {
      modify: P.MODIFY_MECHANIC_LIENS,
      remove: P.DELETE_MECHANIC_LIENS,
      settings: P.MECHANIC_LIEN_SETTINGS,
      export: P.EXPORT_ANALYTICS,
    },
    feature: 'mechanic_leins',
    searchable: true,
    // One per job, kept while it matters: archived when released or expired, never bulk-edited.
    lacks: ['bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'files', label: 'Files' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<LienRow>()([
      { key: 'customerJob', name: 'job', label: 'Job', format: 'ref' },
      { key: 'customer', label: 'Customer', format: 'ref' },
      { key: 'state', name: 'us-state', label: 'State' },
      { key: 'status', name: 'state', label: 'Status', choices: LIEN_STATUS_LABELS },
      { key: 'nextDeadlineOn', name: 'next-deadline', label: 'Next deadline', format: 'date', sort: true },
      { key: 'owedCents', name: 'owed', label: 'Owed', format: 'money' },
      { key: 'responsible', label: 'Responsible', format: 'ref', hidden: true },
    ]),
  },
  lien_waiver: {
    key: 'lien_waiver',
    noun: 'lien waiver',
    plural: 'lien waivers',
    label: 'Lien waiver',
    labelPlural: 'Lien waivers',
    webPath: '/a/lien-waivers',
    apiPath: '/lien-waivers',
    // A paper of a lien: the mechanic liens codes and module.
    codes: {
      modify: P.MODIFY_MECHANIC_LIENS,
      remove: P.DELETE_MECHANIC_LIENS,
      settings: P.MECHANIC_LIEN_SETTINGS,
      export: P.EXPORT_ANALYTICS,
    },
    feature: 'mechanic_leins',
    // Reached from its lien's page (and the liens list), not from the navigation.
    within: 'lien',
    // The spec's search categories have Lien, not its waivers: they are found on their lien.
    searchable: false,
    lacks: ['bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'files', label: 'Files' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<LienWaiverRow>()([
      { key: 'name', label: 'Waiver' },
      { key: 'customerJob', name: 'job', label: 'Job', format: 'ref' },
      { key: 'direction', label: 'Direction', choices: LIEN_WAIVER_DIRECTION_LABELS },
      { key: 'party', label: 'Other party' },
      { key: 'amountCents', name: 'amount', label: 'Amount', format: 'money', sort: true },
      { key: 'throughDate', name: 'through', label: 'Through', format: 'date' },
      { key: 'signedOn', name: 'signed', label: 'Signed', format: 'date' },
      { key: 'lien', label: 'Lien', format: 'ref', hidden: true },
    ]),
  },
  expense: {
    key: 'expense',
    noun: 'expense',
    plural: 'expenses',
    label: 'Expense',
    labelPlural: 'Expenses',
    webPath: '/a/expenses',
    apiPath: '/expenses',
    codes: {
      modify: P.MODIFY_EXPENSES,
      remove: P.DELETE_EXPENSES,
      settings: P.EXPENSE_SETTINGS,
      export: P.EXPORT_ANALYTICS,
    },
    // The spec's search categories have no Expense.
    searchable: false,
    // Money spent stays spent: corrected or deleted (173), never archived (decision 0045).
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'files', label: 'Files' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<ExpenseRow>()([
      { key: 'date', label: 'Date', format: 'date', sort: true },
      { key: 'paidTo', name: 'paid-to', label: 'Paid to' },
      { key: 'category', label: 'Category' },
      { key: 'totalCents', name: 'total', label: 'Total', format: 'money', sort: true },
      { key: 'taxCents', name: 'tax', label: 'Tax', format: 'money', hidden: true },
      { key: 'paidFrom', name: 'paid-from', label: 'Paid from', format: 'ref' },
      { key: 'customerJob', name: 'job', label: 'Job', format: 'ref' },
      { key: 'billing', label: 'Billing', choices: EXPENSE_BILLING_LABELS },
      { key: 'reference', label: 'Reference', hidden: true },
    ]),
  },
  delivery_route: {
    key: 'delivery_route',
    noun: 'delivery route',
    plural: 'delivery routes',
    label: 'Delivery route',
    labelPlural: 'Deliveries',
    webPath: '/o/deliveries',
    apiPath: '/delivery-routes',
    // One code plans and keeps routes (the spec has no separate delete); a driver works their own without it.
    codes: {
      modify: P.MODIFY_DELIVERY_ROUTES,
      remove: P.MODIFY_DELIVERY_ROUTES,
      settings: P.DELIVERY_SETTINGS,
      export: P.EXPORT_ORDERS,
    },
    feature: 'delivery_management',
    searchable: true,
    numberPrefix: 'deliverySettings.prefix',
    // Done or not yet driven, never archived: a route nobody has driven may be deleted.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'drive', label: 'Drive' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<DeliveryRouteRow>()([
      { key: 'number', label: 'Number', sort: true },
      { key: 'date', label: 'Date', format: 'date', sort: true },
      { key: 'driver', label: 'Driver', format: 'person' },
      { key: 'vehicle', label: 'Vehicle' },
      { key: 'status', name: 'state', label: 'Status', choices: ROUTE_STATUS_LABELS },
      { key: 'stopCount', name: 'stops', label: 'Stops', format: 'number' },
      { key: 'deliveredCount', name: 'delivered', label: 'Delivered', format: 'number', hidden: true },
    ]),
  },
  proposal: {
    key: 'proposal',
    noun: 'proposal',
    plural: 'proposals',
    label: 'Proposal',
    labelPlural: 'Proposals',
    webPath: '/o/proposals',
    apiPath: '/proposals',
    codes: {
      modify: P.MODIFY_PROPOSALS,
      remove: P.DELETE_PROPOSALS,
      settings: P.PROPOSAL_SETTINGS,
      export: P.EXPORT_ORDERS,
    },
    feature: 'proposals',
    searchable: true,
    numberPrefix: 'proposalSettings.prefix',
    // Numbered documents are declined, not archived: a draft may be deleted.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'preview', label: 'Preview' },
      { path: 'files', label: 'Files' },
      { path: 'interactions', label: 'Interactions' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<ProposalRow>()([
      { key: 'number', label: 'Number', sort: true },
      { key: 'title', label: 'Title' },
      { key: 'customer', label: 'Customer', format: 'ref' },
      { key: 'company', name: 'account', label: 'Account', format: 'ref', hidden: true },
      { key: 'status', name: 'state', label: 'Status', choices: PROPOSAL_STATUS_LABELS },
      { key: 'revision', label: 'Revision', format: 'number', hidden: true },
      { key: 'customerJob', name: 'job', label: 'Job', format: 'ref', hidden: true },
      { key: 'validUntil', name: 'valid', label: 'Valid until', format: 'date', sort: true },
      { key: 'totalCents', name: 'total', label: 'Total', format: 'money', sort: true },
    ]),
  },
  quote: {
    key: 'quote',
    noun: 'quote',
    plural: 'quotes',
    label: 'Quote',
    labelPlural: 'Quotes',
    webPath: '/o/quotes',
    apiPath: '/quotes',
    codes: {
      modify: P.MODIFY_QUOTES,
      remove: P.DELETE_QUOTES,
      settings: P.QUOTE_SETTINGS,
      export: P.EXPORT_ORDERS,
    },
    feature: 'quotes',
    searchable: true,
    numberPrefix: 'quoteSettings.prefix',
    // Numbered documents are declined or expire, not archived: a draft may be deleted.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'files', label: 'Files' },
      { path: 'interactions', label: 'Interactions' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<QuoteRow>()([
      { key: 'number', label: 'Number', sort: true },
      { key: 'customer', label: 'Customer', format: 'ref' },
      { key: 'company', name: 'account', label: 'Account', format: 'ref' },
      { key: 'status', name: 'state', label: 'Status', choices: QUOTE_STATUS_LABELS },
      { key: 'revision', label: 'Revision', format: 'number', hidden: true },
      { key: 'customerJob', name: 'job', label: 'Job', format: 'ref', hidden: true },
      { key: 'validUntil', name: 'valid', label: 'Valid until', format: 'date', sort: true },
      { key: 'totalCents', name: 'total', label: 'Total', format: 'money', sort: true },
    ]),
  },
  purchase_order: {
    key: 'purchase_order',
    noun: 'purchase order',
    plural: 'purchase orders',
    label: 'Purchase order',
    labelPlural: 'Purchase orders',
    webPath: '/p/purchase-orders',
    apiPath: '/purchase-orders',
    // Exported with products (37 covers materials, vendors, purchase orders and stock).
    codes: {
      modify: P.MODIFY_PURCHASE_ORDERS,
      remove: P.DELETE_PURCHASE_ORDERS,
      settings: P.PURCHASE_ORDER_SETTINGS,
      export: P.EXPORT_PRODUCTS,
    },
    searchable: true,
    numberPrefix: 'purchaseOrderSettings.prefix',
    // Numbered documents are cancelled, not archived: a draft may be deleted.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'receipts', label: 'Receipts' },
      { path: 'bills', label: 'Bills' },
      { path: 'files', label: 'Files' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<PurchaseOrderRow>()([
      { key: 'number', label: 'Number', sort: true },
      { key: 'vendor', label: 'Vendor', format: 'ref' },
      { key: 'status', name: 'state', label: 'Status', choices: PURCHASE_ORDER_STATUS_LABELS },
      { key: 'warehouse', label: 'Ship to', format: 'ref' },
      { key: 'customerJob', name: 'job', label: 'Job', format: 'ref', hidden: true },
      { key: 'expectedDate', name: 'expected', label: 'Expected', format: 'date', sort: true },
      { key: 'totalCents', name: 'total', label: 'Total', format: 'money', sort: true },
      { key: 'lineCount', name: 'lines', label: 'Lines', format: 'number' },
      { key: 'linesReceived', name: 'received', label: 'Lines received', format: 'number', hidden: true },
    ]),
  },
  vendor_bill: {
    key: 'vendor_bill',
    noun: 'bill',
    plural: 'bills',
    label: 'Vendor bill',
    labelPlural: 'Vendor bills',
    // Payables live in purchasing, next to the purchase orders they bill (decision 0046); the
    // spec has no page of its own for them, nor codes: the purchase orders' (57–59, 37) keep them.
    webPath: '/p/vendor-bills',
    apiPath: '/vendor-bills',
    codes: {
      modify: P.MODIFY_PURCHASE_ORDERS,
      remove: P.DELETE_PURCHASE_ORDERS,
      settings: P.PURCHASE_ORDER_SETTINGS,
      export: P.EXPORT_PRODUCTS,
    },
    searchable: false,
    // Voided, never archived: a draft may be deleted.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'files', label: 'Files' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<VendorBillRow>()([
      { key: 'billNumber', name: 'number', label: 'Bill number', sort: true },
      { key: 'vendor', label: 'Vendor', format: 'ref' },
      { key: 'status', name: 'state', label: 'Status', choices: VENDOR_BILL_STATUS_LABELS },
      { key: 'billDate', name: 'billed', label: 'Bill date', format: 'date', sort: true },
      { key: 'dueDate', name: 'due', label: 'Due', format: 'date', sort: true },
      { key: 'overdue', label: 'Overdue', format: 'yesno' },
      { key: 'needsApproval', name: 'approval', label: 'Needs approval', format: 'yesno' },
      { key: 'totalCents', name: 'total', label: 'Total', format: 'money', sort: true },
      { key: 'balanceCents', name: 'balance', label: 'Balance', format: 'money', sort: true },
    ]),
  },
  vendor_credit: {
    key: 'vendor_credit',
    noun: 'vendor credit',
    plural: 'vendor credits',
    label: 'Vendor credit',
    labelPlural: 'Vendor credits',
    webPath: '/p/vendor-credits',
    apiPath: '/vendor-credits',
    codes: {
      modify: P.MODIFY_PURCHASE_ORDERS,
      remove: P.DELETE_PURCHASE_ORDERS,
      settings: P.PURCHASE_ORDER_SETTINGS,
      export: P.EXPORT_PRODUCTS,
    },
    searchable: false,
    // Part of payables: reached from the vendor bills page.
    within: 'vendor_bill',
    // Voided, never archived: one never used may be deleted.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'files', label: 'Files' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<VendorCreditRow>()([
      { key: 'number', label: 'Number', sort: true },
      { key: 'vendor', label: 'Vendor', format: 'ref' },
      { key: 'amountCents', name: 'amount', label: 'Amount', format: 'money', sort: true },
      { key: 'remainingCents', name: 'remaining', label: 'Left to use', format: 'money' },
      { key: 'status', name: 'state', label: 'Status', choices: VENDOR_CREDIT_STATUS_LABELS },
      { key: 'issueDate', name: 'issued', label: 'Issued', format: 'date', sort: true },
      { key: 'reason', label: 'Reason' },
    ]),
  },
  bill_payment: {
    key: 'bill_payment',
    noun: 'bill payment',
    plural: 'bill payments',
    label: 'Bill payment',
    labelPlural: 'Bill payments',
    webPath: '/p/bill-payments',
    apiPath: '/bill-payments',
    codes: {
      modify: P.MODIFY_PURCHASE_ORDERS,
      remove: P.DELETE_PURCHASE_ORDERS,
      settings: P.PURCHASE_ORDER_SETTINGS,
      export: P.EXPORT_PRODUCTS,
    },
    searchable: false,
    // Part of payables: reached from the vendor bills page.
    within: 'vendor_bill',
    // Deleted (its money taken off its bills first), never archived.
    lacks: ['archive', 'bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'files', label: 'Files' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<BillPaymentRow>()([
      { key: 'name', label: 'Payment' },
      { key: 'paidOn', name: 'paid', label: 'Paid', format: 'date', sort: true },
      { key: 'vendor', label: 'Vendor', format: 'ref' },
      { key: 'amountCents', name: 'amount', label: 'Amount', format: 'money', sort: true },
      { key: 'method', label: 'Method', choices: PAYMENT_METHOD_LABELS },
      { key: 'moneyAccount', name: 'account', label: 'Paid from', format: 'ref' },
      { key: 'reference', label: 'Reference' },
      { key: 'unappliedCents', name: 'unapplied', label: 'Unapplied', format: 'money' },
    ]),
  },
  shipment: {
    key: 'shipment',
    noun: 'shipment',
    plural: 'shipments',
    label: 'Shipment',
    labelPlural: 'Shipments',
    webPath: '/p/shipments',
    apiPath: '/shipments',
    // Exported with products (37 covers purchasing).
    codes: {
      modify: P.MODIFY_SHIPMENTS,
      remove: P.DELETE_SHIPMENTS,
      settings: P.SHIPMENT_SETTINGS,
      export: P.EXPORT_PRODUCTS,
    },
    searchable: true,
    lacks: ['bulk'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'files', label: 'Files' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<ShipmentRow>()([
      { key: 'name', label: 'Shipment' },
      { key: 'direction', label: 'Direction', choices: SHIPMENT_DIRECTION_LABELS },
      { key: 'status', name: 'state', label: 'Status', choices: SHIPMENT_STATUS_LABELS },
      { key: 'carrier', label: 'Carrier', sort: true },
      { key: 'trackingNumber', name: 'tracking', label: 'Tracking number' },
      { key: 'expectedDate', name: 'expected', label: 'Expected', format: 'date', sort: true },
      { key: 'purchaseOrders', label: 'Purchase orders' },
      { key: 'orders', label: 'Orders' },
    ]),
  },
  import: {
    key: 'import',
    noun: 'import',
    plural: 'imports',
    label: 'Import',
    // The spec names the page (and its navigation entry) Importer.
    labelPlural: 'Importer',
    webPath: '/p/importer',
    apiPath: '/imports',
    // Seeing the documents is 48; changing a finished one's name and notes, 49 (checked by the
    // module); running one, the import code of its kind (42–47).
    codes: { modify: P.VIEW_IMPORTER_DOCUMENTS, remove: P.CHANGE_IMPORTS, export: P.VIEW_IMPORTER_DOCUMENTS },
    searchable: false,
    // Made by uploading a file; kept as the record of what came in, never archived or deleted.
    lacks: ['create', 'archive', 'delete', 'bulk', 'export'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'errors', label: 'Errors' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<ImportRow>()([
      { key: 'number', label: 'Import', format: 'number', sort: true },
      { key: 'name', label: 'Name', sort: true },
      { key: 'kind', label: 'Kind', choices: IMPORT_KIND_LABELS },
      { key: 'status', name: 'state', label: 'Status', choices: IMPORT_STATUS_LABELS },
      { key: 'fileName', name: 'file', label: 'File', hidden: true },
      { key: 'rows', label: 'Rows', format: 'number' },
      { key: 'created', label: 'Created', format: 'number' },
      { key: 'updated', label: 'Updated', format: 'number' },
      { key: 'errorCount', name: 'errors', label: 'Errors', format: 'number' },
      { key: 'createdBy', name: 'by', label: 'By', format: 'person' },
    ]),
  },
  // The emailer's templates (spec: /u/emailer, code 99); sending one is 102.
  email: {
    key: 'email',
    noun: 'email',
    plural: 'emails',
    label: 'Email',
    // The spec names the page (and its navigation entry) Emailer.
    labelPlural: 'Emailer',
    webPath: '/u/emailer',
    apiPath: '/emails',
    codes: { modify: P.MODIFY_EMAIL_TEMPLATES, remove: P.MODIFY_EMAIL_TEMPLATES, export: P.EXPORT_USERS },
    searchable: true,
    lacks: ['export'],
    tabs: [
      { path: '', label: 'Details' },
      { path: 'editor', label: 'Editor' },
      { path: 'preview', label: 'Preview' },
      { path: 'help', label: 'Help' },
      { path: 'logs', label: 'Logs' },
    ],
    columns: listColumns<EmailRow>()([
      { key: 'name', label: 'Name', sort: true },
      { key: 'subject', label: 'Subject' },
      { key: 'sends', label: 'Sends', format: 'number' },
      { key: 'lastSentAt', name: 'lastSent', label: 'Last sent', format: 'datetime' },
    ]),
  },
});

/**
 * A firm's setup records (warehouses, roles, departments): kept on a settings page and listed
 * whole, with no page, tabs, files or search of their own.
 */
export type SettingsKind = {
  key: string;
  noun: string;
  plural: string;
  apiPath: `/${string}`;
  /** The settings page they are kept on. */
  settingsPath: `/${string}`;
  codes: { modify: PermissionCode; remove?: PermissionCode };
  /** Listed to every staff member: the pickers that choose one are everywhere. */
  listedToAll?: boolean;
  /** Whether a single one can be read at its own address. */
  readable: boolean;
};

export const SETTINGS_KINDS = {
  warehouse: {
    key: 'warehouse',
    noun: 'warehouse',
    plural: 'warehouses',
    apiPath: '/warehouses',
    settingsPath: '/s/warehouses',
    codes: { modify: P.MODIFY_WAREHOUSES },
    readable: true,
  },
  role: {
    key: 'role',
    noun: 'role',
    plural: 'roles',
    apiPath: '/roles',
    settingsPath: '/s/organization',
    codes: { modify: P.MODIFY_ROLES, remove: P.DELETE_ROLES },
    listedToAll: true,
    readable: false,
  },
  category: {
    key: 'category',
    noun: 'category',
    plural: 'categories',
    apiPath: '/categories',
    // Its own page, the tree (spec section 2); one code (50) covers making, moving and deleting.
    settingsPath: '/p/categories',
    codes: { modify: P.MODIFY_CATEGORIES, remove: P.MODIFY_CATEGORIES },
    // Every product form picks one.
    listedToAll: true,
    readable: true,
  },
  vendorItem: {
    key: 'vendor_item',
    noun: 'vendor item',
    plural: 'vendor items',
    apiPath: '/vendor-items',
    // Kept on a vendor's Items tab (and shown on what they sell); the vendors code (29) covers them.
    settingsPath: '/p/vendors',
    codes: { modify: P.MODIFY_VENDORS, remove: P.MODIFY_VENDORS },
    readable: true,
  },
  coupon: {
    key: 'coupon',
    noun: 'coupon',
    plural: 'coupons',
    apiPath: '/coupons',
    settingsPath: '/p/coupons',
    codes: { modify: P.MODIFY_COUPONS, remove: P.MODIFY_COUPONS },
    readable: true,
  },
  productTemplate: {
    key: 'product_template',
    noun: 'product template',
    plural: 'product templates',
    apiPath: '/product-templates',
    // Kept on a tab of the product settings (spec: code 74).
    settingsPath: '/s/product/templates',
    codes: { modify: P.MODIFY_PRODUCT_TEMPLATES, remove: P.MODIFY_PRODUCT_TEMPLATES },
    // Whoever makes products starts one from a template.
    listedToAll: true,
    readable: true,
  },
  projectTemplate: {
    key: 'project_template',
    noun: 'project template',
    plural: 'project templates',
    apiPath: '/project-templates',
    // The templates tab of the project-management settings (162).
    settingsPath: '/s/project-management/templates',
    codes: { modify: P.CUSTOMER_JOB_SETTINGS, remove: P.CUSTOMER_JOB_SETTINGS },
    // Listed to whoever runs jobs (160), who start a job from one; not to every colleague.
    readable: true,
  },
  filter: {
    key: 'filter',
    noun: 'filter',
    plural: 'filters',
    apiPath: '/filters',
    settingsPath: '/p/filters',
    codes: { modify: P.MODIFY_FILTERS, remove: P.MODIFY_FILTERS },
    // Every product form picks its values.
    listedToAll: true,
    readable: true,
  },
  moneyAccount: {
    key: 'money_account',
    noun: 'money account',
    plural: 'money accounts',
    apiPath: '/money-accounts',
    // The firm's bank, card and cash accounts, kept with its banking details (81); read by whoever
    // records what is paid from them: expenses (172) and payments to vendors (57).
    settingsPath: '/s/firm/banking',
    codes: { modify: P.MODIFY_FIRM_SETTINGS, remove: P.MODIFY_FIRM_SETTINGS },
    readable: false,
  },
  department: {
    key: 'department',
    noun: 'department',
    plural: 'departments',
    apiPath: '/departments',
    settingsPath: '/s/organization',
    codes: { modify: P.MODIFY_DEPARTMENTS, remove: P.DELETE_DEPARTMENTS },
    listedToAll: true,
    readable: false,
  },
} as const satisfies Record<string, SettingsKind>;

/** Whether a kind has one of the platform's routes. */
export const kindHas = (kind: RecordKind, route: KindRoute) => !kind.lacks?.includes(route);

export type KindKey = keyof typeof KINDS;
export const RECORD_KINDS: readonly RecordKind[] = Object.values(KINDS);

/** The declared kind of an entity type, if it is one (own keys only: input may name anything). */
export function kindOf(key: string | null | undefined): RecordKind | undefined {
  return key && Object.hasOwn(KINDS, key) ? KINDS[key as KindKey] : undefined;
}

/** A record's page in the web app. */
export const recordHref = (kind: RecordKind, id: string) => `${kind.webPath}/${id}`;
/** A record's address in the API (under /api/v1). */
export const recordApiPath = (kind: RecordKind, id: string) => `${kind.apiPath}/${id}`;
