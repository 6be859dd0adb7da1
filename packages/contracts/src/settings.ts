import { z } from 'zod';
import { SELL_UNITS } from './choices';
import type { FeatureKey } from './features';
import { lienWaiverTemplatesSchema } from './lien-waivers';
import { P, type PermissionCode } from './permissions';
import { STORE_PRICE_VISIBILITY, type StorePriceVisibility, storeSlugSchema } from './store';
import { ROUNDING_STEPS } from './time';

const prefix = z
  .string()
  .trim()
  .max(12, 'Use at most 12 characters.')
  .regex(/^[A-Za-z0-9-]*$/, 'Use letters, digits and dashes only.');
const days = (max: number) =>
  z.coerce
    .number()
    .int('Use a whole number of days.')
    .min(0, 'Use 0 or more days.')
    .max(max, `Use at most ${max} days.`);
const percent = z.coerce.number().min(0, 'Use 0 to 100.').max(100, 'Use 0 to 100.');
const text = (max: number) => z.string().max(max, `Use at most ${max} characters.`);
const optionalId = z.uuid('Choose a warehouse from the list.').nullable();
const labelList = z
  .array(z.string().trim().min(1, 'A value cannot be empty.').max(60, 'Use at most 60 characters.'))
  .max(50, 'Use at most 50 values.');
/** Tax rates are basis points: 825 is 8.25 %. */
const basisPoints = z.coerce.number().int().min(0, 'Use 0 % or more.').max(10_000, 'Use at most 100 %.');
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1c7ed6.');

export const ACCOUNTING_SYSTEMS = ['', 'quickbooks', 'xero'] as const;

const websiteSchema = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), 'Enter an address like https://yourfirm.com.');

/** The firm itself: stored on the firm row (name, logo, features…) plus banking and payment details. */
export const firmSettingsSchema = z.strictObject({
  name: z.string().trim().min(1, "Enter your firm's name.").max(120, 'Use at most 120 characters.'),
  logo: z.string().max(300).nullable(),
  website: websiteSchema,
  currency: z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code like USD.'),
  timeZone: z.string().refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Choose a time zone from the list.'),
  /**
   * The firm's public address (/store/{slug}/, its blog feed, its QR codes): unique across firms;
   * a changed one keeps redirecting from the old. None until the firm chooses one.
   */
  slug: storeSlugSchema.nullable(),
  accounting: z.enum(ACCOUNTING_SYSTEMS),
  banking: z.strictObject({
    bankName: text(120),
    accountName: text(120),
    accountNumber: text(40),
    routingNumber: text(40),
  }),
  payments: z.strictObject({
    acceptedMethods: z.array(z.enum(['cash', 'check', 'card', 'bank_transfer', 'other'])).max(5),
    instructions: text(2000),
  }),
});
export type FirmSettingsInput = z.infer<typeof firmSettingsSchema>;
/** What GET returns: the editable fields plus the enabled features, which billing changes. */
export const firmSettingsAnswerSchema = firmSettingsSchema.extend({ features: z.array(z.string()) });
export type FirmSettings = z.output<typeof firmSettingsAnswerSchema>;

const warehouseChoice = z.strictObject({ warehouse: optionalId });

/**
 * Every settings group of spec section 3: its schema, its defaults, and who may change it.
 * Groups of a gated module also need the module enabled.
 */
export const SETTINGS_GROUPS = {
  invoiceWarehouseSettings: { schema: warehouseChoice, permission: P.INVOICE_SETTINGS, defaults: { warehouse: null } },
  orderWarehouseSettings: { schema: warehouseChoice, permission: P.ORDER_SETTINGS, defaults: { warehouse: null } },
  purchaseOrderWarehouseSettings: {
    schema: warehouseChoice,
    permission: P.PURCHASE_ORDER_SETTINGS,
    defaults: { warehouse: null },
  },
  firmSettings: {
    schema: firmSettingsSchema,
    permission: P.MODIFY_FIRM_SETTINGS,
    defaults: {
      name: '',
      logo: null,
      website: '',
      currency: 'USD',
      timeZone: 'UTC',
      slug: null,
      accounting: '',
      banking: { bankName: '', accountName: '', accountNumber: '', routingNumber: '' },
      payments: { acceptedMethods: ['check', 'card', 'bank_transfer'], instructions: '' },
    },
  },
  orderSettings: {
    schema: z.strictObject({
      prefix,
      depositPercent: percent,
      // The rate where no rate of the firm's matches a line's tax class and the address.
      taxRateBps: basisPoints,
      // Rates per tax class and jurisdiction: a state ("CA"), a ZIP prefix ("941"), or '' for everywhere.
      taxRates: z
        .array(
          z.strictObject({
            taxClass: z.string().trim().min(1, 'Choose a tax class.').max(60),
            jurisdiction: z
              .string()
              .trim()
              .max(20, 'Use at most 20 characters.')
              .regex(/^[A-Za-z0-9 .-]*$/, 'Use a state like CA, a ZIP prefix like 941, or leave empty for everywhere.'),
            rateBps: basisPoints,
          }),
        )
        .max(500, 'Use at most 500 rates.'),
      terms: text(4000),
      // The email a confirmation or a change order is sent with (its PDF attached).
      email: text(2000),
    }),
    permission: P.ORDER_SETTINGS,
    defaults: {
      prefix: 'SO-',
      depositPercent: 50,
      taxRateBps: 0,
      taxRates: [] as { taxClass: string; jurisdiction: string; rateBps: number }[],
      terms: '',
      email: 'Hello,\n\nPlease find your order confirmation attached. Thank you for your business.',
    },
  },
  invoiceSettings: {
    schema: z.strictObject({
      prefix,
      paymentTermsDays: days(365),
      footer: text(2000),
      // Held back from each progress invoice until the work is accepted (an order may set its own).
      retentionPercent: percent,
      // The email an invoice is sent with (its PDF attached).
      email: text(2000),
      // Overdue invoices are reminded by email this many days after their due date (none: never).
      reminderDays: z
        .array(z.coerce.number().int('Use whole days.').min(1, 'Use 1 to 365 days.').max(365, 'Use 1 to 365 days.'))
        .max(5, 'Use at most 5 reminders.'),
    }),
    permission: P.INVOICE_SETTINGS,
    defaults: {
      prefix: 'INV-',
      paymentTermsDays: 30,
      footer: '',
      retentionPercent: 0,
      email: 'Hello,\n\nPlease find your invoice attached. Thank you for your business.',
      reminderDays: [7, 30] as number[],
    },
  },
  /** Not a group of spec section 3: the credit memos' numbering (/s/credit-memo, 69). */
  creditMemoSettings: {
    schema: z.strictObject({ prefix }),
    permission: P.CREDIT_MEMO_SETTINGS,
    defaults: { prefix: 'CM-' },
  },
  /** Not a group of spec section 3: returns' numbering and restocking fee (on /s/order, 26). */
  returnSettings: {
    schema: z.strictObject({ prefix, restockingFeePercent: percent }),
    permission: P.RETURN_SETTINGS,
    defaults: { prefix: 'RMA-', restockingFeePercent: 0 },
  },
  /** Not a group of spec section 3: the expenses' categories (/s/expense, 174). */
  expenseSettings: {
    schema: z.strictObject({ categories: labelList.min(1, 'Keep at least one category.') }),
    permission: P.EXPENSE_SETTINGS,
    defaults: {
      categories: ['Materials', 'Subcontractors', 'Fuel', 'Tools', 'Office', 'Meals', 'Commissions', 'Other'],
    },
  },
  proposalSettings: {
    schema: z.strictObject({
      prefix,
      depositPercent: percent,
      validDays: days(365),
      terms: text(4000),
      // New proposals let the client approve each section on its own (the kitchen now, the bathroom later).
      sectionApproval: z.boolean(),
    }),
    permission: P.PROPOSAL_SETTINGS,
    feature: 'proposals',
    defaults: { prefix: 'PR-', depositPercent: 50, validDays: 30, terms: '', sectionApproval: false },
  },
  vendorSettings: {
    schema: z.strictObject({
      paymentTermsDays: days(365),
      leadTimeDays: days(365),
      // The email a purchase order is sent with (its PDF attached).
      purchaseOrderEmail: text(2000),
    }),
    permission: P.VENDOR_SETTINGS,
    defaults: {
      paymentTermsDays: 30,
      leadTimeDays: 14,
      purchaseOrderEmail:
        'Hello,\n\nPlease find our purchase order attached. Kindly confirm the quantities and the delivery date.\n\nThank you.',
    },
  },
  /**
   * Not a group of spec section 3: how the firm's documents look (/s/documents, 81): the accent
   * colour, the address block and footer every PDF prints, and the paper size. The logo is the
   * firm's; each document's terms are its own settings'.
   */
  documentSettings: {
    schema: z.strictObject({
      accentColor: color,
      addressBlock: text(500),
      footer: text(300),
      paper: z.enum(['letter', 'a4'], { error: 'Choose Letter or A4.' }),
    }),
    permission: P.MODIFY_FIRM_SETTINGS,
    defaults: { accentColor: '#1c7ed6', addressBlock: '', footer: '', paper: 'letter' },
  },
  /**
   * Not a group of spec section 3: the firm's own lien waiver texts, shown on /s/documents with
   * the mechanic liens module (79). The product ships no statutory form text (decision 0049).
   */
  lienWaiverSettings: {
    schema: lienWaiverTemplatesSchema,
    permission: P.MECHANIC_LIEN_SETTINGS,
    feature: 'mechanic_leins',
    defaults: { conditional_progress: '', unconditional_progress: '', conditional_final: '', unconditional_final: '' },
  },
  /**
   * The product store (spec section 2 /f/product-store, code 94, the product_store module): its
   * name and banner, which top-level categories and vendors it shows (none chosen: all), and
   * whether visitors see prices or are asked to sign in for them. Its address is the firm's slug.
   */
  storeSettings: {
    schema: z.strictObject({
      name: text(120),
      banner: text(300),
      categories: z.array(z.uuid('Choose categories from the list.')).max(200, 'Choose at most 200 categories.'),
      vendors: z.array(z.uuid('Choose vendors from the list.')).max(500, 'Choose at most 500 vendors.'),
      prices: z.enum(STORE_PRICE_VISIBILITY, { error: 'Choose who sees prices.' }),
    }),
    permission: P.MODIFY_STORE,
    feature: 'product_store',
    defaults: {
      name: '',
      banner: '',
      categories: [] as string[],
      vendors: [] as string[],
      prices: 'everyone' as StorePriceVisibility,
    },
  },
  companySettings: {
    schema: z.strictObject({
      paymentTermsDays: days(365),
      creditLimitCents: z.coerce.number().int().min(0, 'Use 0 or more.').max(100_000_000_00),
      priceLevels: labelList,
      // What each level takes off the list price (the wholesale module): on a category (and the
      // categories under it), or on everything when none is named; the most specific rule wins.
      priceRules: z
        .array(
          z.strictObject({
            level: z.string().trim().min(1, 'Choose a price level.').max(60),
            category: z.uuid('Choose a category from the list.').nullable(),
            percentOff: z.coerce
              .number({ error: 'Enter the percentage off.' })
              .gt(0, 'Use more than 0.')
              .max(100, 'Use at most 100 %.'),
          }),
        )
        .max(200, 'Use at most 200 rules.'),
    }),
    permission: P.COMPANY_SETTINGS,
    defaults: {
      paymentTermsDays: 30,
      creditLimitCents: 0,
      priceLevels: ['Retail', 'Trade', 'Wholesale'],
      priceRules: [] as { level: string; category: string | null; percentOff: number }[],
    },
  },
  customerSettings: {
    schema: z.strictObject({ sources: labelList, consentByDefault: z.boolean() }),
    permission: P.CUSTOMER_SETTINGS,
    defaults: {
      sources: ['Referral', 'Website', 'Showroom visit', 'Social media', 'Repeat customer'],
      consentByDefault: false,
    },
  },
  purchaseOrderSettings: {
    schema: z.strictObject({ prefix, terms: text(4000), confirmOverReceipt: z.boolean() }),
    permission: P.PURCHASE_ORDER_SETTINGS,
    defaults: { prefix: 'PO-', terms: '', confirmOverReceipt: true },
  },
  quoteSettings: {
    schema: z.strictObject({ prefix, validDays: days(365), terms: text(4000) }),
    permission: P.QUOTE_SETTINGS,
    feature: 'quotes',
    defaults: { prefix: 'Q-', validDays: 30, terms: '' },
  },
  customerJobSettings: {
    schema: z.strictObject({
      prefix,
      statuses: labelList,
      // The template whose tasks a job made from an approved proposal starts with (dated from the approval).
      projectTemplate: z.uuid('Choose a template from the list.').nullable(),
    }),
    permission: P.CUSTOMER_JOB_SETTINGS,
    feature: 'project_management',
    defaults: {
      prefix: 'JOB-',
      statuses: ['Planning', 'In progress', 'On hold', 'Complete'],
      projectTemplate: null as string | null,
    },
  },
  deliverySettings: {
    schema: z.strictObject({
      prefix,
      // The firm's vans and trucks, offered when a route is planned.
      vehicles: labelList,
      // A stop's delivery window unless said, in hours.
      windowHours: z.coerce.number().int('Use whole hours.').min(1, 'Use 1 to 12 hours.').max(12, 'Use 1 to 12 hours.'),
    }),
    permission: P.DELIVERY_SETTINGS,
    feature: 'delivery_management',
    defaults: { prefix: 'DR-', vehicles: [] as string[], windowHours: 2 },
  },
  leadSettings: {
    schema: z.strictObject({ sources: labelList, lostReasons: labelList, webLeadAssignee: z.uuid().nullable() }),
    permission: P.LEAD_SETTINGS,
    feature: 'lead_management',
    defaults: {
      sources: ['Website', 'Referral', 'Showroom visit', 'Trade show', 'Social media'],
      lostReasons: ['Price', 'Timing', 'Chose a competitor', 'No response'],
      webLeadAssignee: null,
    },
  },
  productSettings: {
    schema: z.strictObject({
      // A product saved without a SKU gets the prefix and the next number (SKU-1001).
      skuPrefix: prefix,
      defaultUnit: z.enum(SELL_UNITS, { error: 'Choose a unit from the list.' }),
      reorderPoint: z.coerce.number().min(0),
      // What a product is taxed as; the rates per jurisdiction come with orders. The first is the default.
      taxClasses: labelList.min(1, 'Keep at least one tax class.'),
    }),
    permission: P.PRODUCT_SETTINGS,
    defaults: {
      skuPrefix: 'SKU-',
      defaultUnit: 'each',
      reorderPoint: 0,
      taxClasses: ['Standard', 'Reduced', 'Exempt', 'Labour'],
    },
  },
  /**
   * Not a group of spec section 3: the firm's inventory policy (103). Whether stock may go below
   * zero (sold on backorder); a product or material may have its own rule.
   */
  inventorySettings: {
    schema: z.strictObject({ allowNegativeStock: z.boolean() }),
    permission: P.INVENTORY_POLICIES,
    defaults: { allowNegativeStock: false },
  },
  /**
   * Not a group of spec section 3 (/s/employee, 53): the role a new invitation starts with, and
   * the time rules: the hour (the firm's time zone) a forgotten clock-out is closed at, the step
   * entries are rounded to, and the weekly hours past which time counts as overtime.
   */
  employeeSettings: {
    schema: z.strictObject({
      defaultRole: z.uuid('Choose a role from the list.').nullable(),
      clockOutHour: z.coerce
        .number()
        .int('Use a whole hour.')
        .min(0, 'Use an hour from 0 to 23.')
        .max(23, 'Use an hour from 0 to 23.')
        .nullable(),
      roundingMinutes: z.coerce
        .number()
        .refine((v) => (ROUNDING_STEPS as readonly number[]).includes(v), 'Choose a rounding from the list.'),
      overtimeHours: z.coerce
        .number({ error: 'Enter the weekly hours.' })
        .min(1, 'Use 1 to 168 hours.')
        .max(168, 'Use 1 to 168 hours.')
        .refine((v) => Math.round(v * 100) === v * 100, 'Use at most two decimals.'),
    }),
    permission: P.EMPLOYEE_SETTINGS,
    defaults: { defaultRole: null, clockOutHour: 20 as number | null, roundingMinutes: 1, overtimeHours: 40 },
  },
  // The task board (spec section 4) and the project-management settings page: the columns in
  // order, their colours, the task types, and which events make tasks.
  kanbanSettings: {
    schema: z.strictObject({
      colors: z.record(z.string().max(60), color),
      statuses: labelList.min(1, 'Keep at least one column.'),
      taskTypes: labelList,
      events: z.strictObject({
        /** A lead won: a first-visit task for whoever the lead was assigned to. */
        leadWon: z.boolean(),
      }),
    }),
    permission: P.CUSTOMER_JOB_SETTINGS,
    feature: 'project_management',
    defaults: {
      colors: { unassigned: '#868e96', 'To Do': '#1c7ed6', 'In progress': '#f59f00', Done: '#2f9e44' },
      statuses: ['unassigned', 'To Do', 'In progress', 'Done'],
      taskTypes: ['Site visit', 'Measure', 'Design', 'Order', 'Install', 'Follow-up'],
      events: { leadWon: true },
    },
  },
  /**
   * The sender of every email the firm sends (spec /s/messaging, code 98; every firm has it): the
   * name it comes from, where replies go, the footer under each one, and whether marketing
   * emails count opens and clicks (off: no pixel and no rewritten links).
   */
  messagingSettings: {
    schema: z.strictObject({
      senderName: z
        .string()
        .trim()
        .max(80, 'Use at most 80 characters.')
        .regex(/^[^"<>\r\n]*$/, 'Leave out quotes and angle brackets.'),
      replyTo: z.union([z.literal(''), z.email('Enter an email address like hello@yourfirm.com.').max(200)]),
      footer: text(1000),
      /** Printed under every marketing email (commercial email must carry it); empty: the documents' address block. */
      postalAddress: text(500),
      tracking: z.boolean(),
    }),
    permission: P.MESSAGING_SETTINGS,
    defaults: { senderName: '', replyTo: '', footer: '', postalAddress: '', tracking: false },
  },
} as const satisfies Record<
  string,
  { schema: z.ZodType; permission: PermissionCode; feature?: FeatureKey; defaults: Record<string, unknown> }
>;

export type SettingsGroup = keyof typeof SETTINGS_GROUPS;
export const SETTINGS_GROUP_NAMES = Object.keys(SETTINGS_GROUPS) as SettingsGroup[];
export const settingsGroupSchema = z.enum(SETTINGS_GROUP_NAMES as [SettingsGroup, ...SettingsGroup[]], {
  error: 'No such settings group.',
});

export type SettingsValues<G extends SettingsGroup> = z.infer<(typeof SETTINGS_GROUPS)[G]['schema']>;

/** What a group's values answer as (PUT /api/v1/settings/{group}): firm settings add the features. */
type SettingsAnswerSchemas = {
  [G in SettingsGroup]: G extends 'firmSettings'
    ? typeof firmSettingsAnswerSchema
    : (typeof SETTINGS_GROUPS)[G]['schema'];
};
export const settingsGroupAnswerSchemas = Object.fromEntries(
  SETTINGS_GROUP_NAMES.map((group) => [
    group,
    group === 'firmSettings' ? firmSettingsAnswerSchema : SETTINGS_GROUPS[group].schema,
  ]),
) as SettingsAnswerSchemas;

/** GET /api/v1/settings/: every group, stored values over defaults. */
export const settingsSchema = z.strictObject(settingsGroupAnswerSchemas);
export type Settings = z.output<typeof settingsSchema>;
