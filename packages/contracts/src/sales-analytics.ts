import { z } from 'zod';
import { STOCK_ITEM_TYPES } from './stock';

/**
 * Sales analytics of an account, a customer and an employee (issue 19). A sale is an order that
 * was confirmed and not cancelled (confirmed, fulfilled or closed), dated when it was confirmed;
 * its value is the order's total (tax and shipping included, change orders applied), the figure
 * the orders tabs list. Months and "this year" are the firm's, in its time zone.
 */

/** One month of sales: `month` is "2026-03"; the last twelve months, oldest first, this one last. */
export const salesMonthSchema = z.strictObject({
  month: z.string(),
  cents: z.number().int(),
  orders: z.number().int(),
});
export type SalesMonth = z.output<typeof salesMonthSchema>;

/** Figures over every sale, whenever it was made. */
export const salesFiguresSchema = z.strictObject({
  orders: z.number().int(),
  lifetimeCents: z.number().int(),
  /** Since 1 January of this year. */
  yearCents: z.number().int(),
  /** Lifetime value over orders, rounded to the cent; null with no sales. */
  averageCents: z.number().int().nullable(),
  /** When the last sale was confirmed (ISO); null with no sales. */
  lastOrderAt: z.string().nullable(),
});
export type SalesFigures = z.output<typeof salesFiguresSchema>;

/** An item sold (product, variant or material), summed over the sales of the last twelve months. */
export const topProductSchema = z.strictObject({
  type: z.enum(STOCK_ITEM_TYPES),
  _id: z.uuid(),
  /** Where its page is: the product (for a variant, its product), or the material. */
  productId: z.uuid().nullable(),
  materialId: z.uuid().nullable(),
  /** As the latest line sold named it. */
  name: z.string(),
  sku: z.string(),
  unit: z.string(),
  quantity: z.number(),
  /** The lines' value after every discount, before tax (tax follows where it went, not what it was). */
  revenueCents: z.number().int(),
});
export type TopProduct = z.output<typeof topProductSchema>;

/** GET /companies/{id}/analytics: an account's sales by month, its figures and its top products. */
export const companyAnalyticsSchema = z.strictObject({
  sales: z.array(salesMonthSchema),
  figures: salesFiguresSchema,
  /** By revenue, the ten best. */
  topProducts: z.array(topProductSchema),
});
export type CompanyAnalytics = z.output<typeof companyAnalyticsSchema>;

/** GET /customers/{id}/analytics: a customer's purchase figures (code 10). */
export const customerAnalyticsSchema = z.strictObject({
  sales: z.array(salesMonthSchema),
  figures: salesFiguresSchema,
});
export type CustomerAnalytics = z.output<typeof customerAnalyticsSchema>;

/** A quote still open: draft or sent, valid until today or later. */
export const openQuoteSchema = z.strictObject({
  _id: z.uuid(),
  number: z.string(),
  status: z.enum(['draft', 'sent']),
  customer: z.strictObject({ _id: z.uuid(), name: z.string() }),
  totalCents: z.number().int(),
  validUntil: z.string(),
});
export type OpenQuote = z.output<typeof openQuoteSchema>;

/** The most open quotes an employee's analytics list (the count and value cover them all). */
export const OPEN_QUOTES_SHOWN = 50;

/** GET /employees/{id}/analytics: the orders they took, by month, and the quotes they have open. */
export const employeeAnalyticsSchema = z.strictObject({
  sales: z.array(salesMonthSchema),
  figures: salesFiguresSchema,
  /** Null when the firm has no quotes module or the caller may not see quotes (21). */
  openQuotes: z
    .strictObject({
      count: z.number().int(),
      totalCents: z.number().int(),
      /** Soonest to lapse first. */
      items: z.array(openQuoteSchema),
    })
    .nullable(),
});
export type EmployeeAnalytics = z.output<typeof employeeAnalyticsSchema>;
