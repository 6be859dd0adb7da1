import type { z } from 'zod';
import { ambassadorInputSchema, ambassadorRowSchema, ambassadorSchema } from './ambassadors';
import { changeOrderInputSchema, changeOrderRowSchema, changeOrderSchema } from './change-orders';
import { collectionInputSchema, collectionRowSchema, collectionSchema } from './collections';
import { companyInputSchema, companyRowSchema, companySchema } from './companies';
import { creditMemoInputSchema, creditMemoRowSchema, creditMemoSchema } from './credit-memos';
import { customerInputSchema, customerRowSchema, customerSchema } from './customers';
import { deliveryRouteInputSchema, deliveryRouteRowSchema, deliveryRouteSchema } from './deliveries';
import { emailInputSchema, emailRecordSchema, emailRowSchema } from './emails';
import { employeeInputSchema, employeeRowSchema, employeeSchema } from './employees';
import { expenseInputSchema, expenseRowSchema, expenseSchema } from './expenses';
import { importInputSchema, importRowSchema, importSchema } from './imports';
import { invoiceInputSchema, invoiceRowSchema, invoiceSchema } from './invoices';
import { customerJobInputSchema, customerJobRowSchema, customerJobSchema } from './jobs';
import type { KindKey, RecordKind } from './kinds';
import { leadInputSchema, leadRowSchema, leadSchema } from './leads';
import { lienWaiverInputSchema, lienWaiverRowSchema, lienWaiverSchema } from './lien-waivers';
import { lienInputSchema, lienRowSchema, lienSchema } from './liens';
import { materialInputSchema, materialRowSchema, materialSchema } from './materials';
import { orderInputSchema, orderRowSchema, orderSchema } from './orders';
import { paymentInputSchema, paymentRowSchema, paymentSchema } from './payments';
import { productInputSchema, productRowSchema, productSchema } from './products';
import { proposalInputSchema, proposalRowSchema, proposalSchema } from './proposals';
import { purchaseOrderInputSchema, purchaseOrderRowSchema, purchaseOrderSchema } from './purchase-orders';
import { quoteInputSchema, quoteRowSchema, quoteSchema } from './quotes';
import { recurringInvoiceInputSchema, recurringInvoiceRowSchema, recurringInvoiceSchema } from './recurring-invoices';
import { returnInputSchema, returnRowSchema, returnSchema } from './returns';
import { shipmentInputSchema, shipmentRowSchema, shipmentSchema } from './shipments';
import { taskInputSchema, taskRowSchema, taskSchema } from './tasks';
import { timeEntryInputSchema, timeEntryRowSchema, timeEntrySchema } from './time';
import {
  billPaymentInputSchema,
  billPaymentRowSchema,
  billPaymentSchema,
  vendorBillInputSchema,
  vendorBillRowSchema,
  vendorBillSchema,
  vendorCreditInputSchema,
  vendorCreditRowSchema,
  vendorCreditSchema,
} from './vendor-bills';
import { vendorClaimInputSchema, vendorClaimRowSchema, vendorClaimSchema } from './vendor-claims';
import { vendorInputSchema, vendorRowSchema, vendorSchema } from './vendors';

/** The bodies a kind takes and what it answers: create/edit input, a record, a list row. */
export type KindSchemas = { input: z.ZodObject; detail: z.ZodObject; row: z.ZodObject };

/**
 * Each declared kind's schemas, by its key. They are part of the kind's declaration, kept beside
 * it rather than in it so the declaration (which the web app's first load reads for navigation,
 * titles and search) does not carry zod and every schema with it: forms, the server and the
 * tests read them here (decision 0024). `satisfies` makes a kind without its schemas a type error.
 */
export const KIND_SCHEMAS = {
  company: { input: companyInputSchema, detail: companySchema, row: companyRowSchema },
  customer: { input: customerInputSchema, detail: customerSchema, row: customerRowSchema },
  lead: { input: leadInputSchema, detail: leadSchema, row: leadRowSchema },
  customer_job: { input: customerJobInputSchema, detail: customerJobSchema, row: customerJobRowSchema },
  task: { input: taskInputSchema, detail: taskSchema, row: taskRowSchema },
  time_entry: { input: timeEntryInputSchema, detail: timeEntrySchema, row: timeEntryRowSchema },
  ambassador: { input: ambassadorInputSchema, detail: ambassadorSchema, row: ambassadorRowSchema },
  employee: { input: employeeInputSchema, detail: employeeSchema, row: employeeRowSchema },
  product: { input: productInputSchema, detail: productSchema, row: productRowSchema },
  collection: { input: collectionInputSchema, detail: collectionSchema, row: collectionRowSchema },
  email: { input: emailInputSchema, detail: emailRecordSchema, row: emailRowSchema },
  raw_material: { input: materialInputSchema, detail: materialSchema, row: materialRowSchema },
  vendor: { input: vendorInputSchema, detail: vendorSchema, row: vendorRowSchema },
  order: { input: orderInputSchema, detail: orderSchema, row: orderRowSchema },
  change_order: { input: changeOrderInputSchema, detail: changeOrderSchema, row: changeOrderRowSchema },
  invoice: { input: invoiceInputSchema, detail: invoiceSchema, row: invoiceRowSchema },
  recurring_invoice: {
    input: recurringInvoiceInputSchema,
    detail: recurringInvoiceSchema,
    row: recurringInvoiceRowSchema,
  },
  payment: { input: paymentInputSchema, detail: paymentSchema, row: paymentRowSchema },
  credit_memo: { input: creditMemoInputSchema, detail: creditMemoSchema, row: creditMemoRowSchema },
  expense: { input: expenseInputSchema, detail: expenseSchema, row: expenseRowSchema },
  lien: { input: lienInputSchema, detail: lienSchema, row: lienRowSchema },
  lien_waiver: { input: lienWaiverInputSchema, detail: lienWaiverSchema, row: lienWaiverRowSchema },
  return: { input: returnInputSchema, detail: returnSchema, row: returnRowSchema },
  vendor_claim: { input: vendorClaimInputSchema, detail: vendorClaimSchema, row: vendorClaimRowSchema },
  quote: { input: quoteInputSchema, detail: quoteSchema, row: quoteRowSchema },
  delivery_route: { input: deliveryRouteInputSchema, detail: deliveryRouteSchema, row: deliveryRouteRowSchema },
  proposal: { input: proposalInputSchema, detail: proposalSchema, row: proposalRowSchema },
  purchase_order: { input: purchaseOrderInputSchema, detail: purchaseOrderSchema, row: purchaseOrderRowSchema },
  vendor_bill: { input: vendorBillInputSchema, detail: vendorBillSchema, row: vendorBillRowSchema },
  vendor_credit: { input: vendorCreditInputSchema, detail: vendorCreditSchema, row: vendorCreditRowSchema },
  bill_payment: { input: billPaymentInputSchema, detail: billPaymentSchema, row: billPaymentRowSchema },
  shipment: { input: shipmentInputSchema, detail: shipmentSchema, row: shipmentRowSchema },
  import: { input: importInputSchema, detail: importSchema, row: importRowSchema },
} as const satisfies { [K in KindKey]: KindSchemas };

/** A declared kind's schemas. */
export const schemasOf = (kind: RecordKind): KindSchemas => KIND_SCHEMAS[kind.key as KindKey];
