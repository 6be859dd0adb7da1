import {
  calendarAddDays,
  firstRunOn,
  KINDS,
  type RecurringInvoice,
  type RecurringInvoiceRow,
  type RecurringStatus,
  recurringInvoiceInputSchema,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { qualified } from '../../db/columns';
import { conflict } from '../../platform/http/errors';
import { firmToday } from '../../platform/identity/firm-clock';
import { idsIn, likePattern } from '../../platform/lists/list';
import { defineRecordType, refColumn } from '../../platform/records/lifecycle';
import { companies } from '../companies';
import { customers } from '../customers';
import { checkDocumentJob, customerAddress, documentCustomer, priceLines } from '../documents';
import { customerJobs } from '../jobs';
import { itemViewSql } from '../stock';
import { priceBookFor } from '../wholesale';
import { invoices } from './invoices.table';
import { recurringInvoices } from './recurring.table';

const customerRef = refColumn(recurringInvoices.customerId, customers, customers.name);
const companyRef = refColumn(recurringInvoices.companyId, companies, companies.name);
const jobRef = refColumn(recurringInvoices.customerJobId, customerJobs, customerJobs.name);

/**
 * Recurring invoices (maintenance plans, rentals): the lines and the schedule. Saving prices the
 * lines (what one invoice comes to now) and sets the next run from the start; each run makes an
 * invoice of them, a draft or sent as the plan says (recurring.job.ts). Decision 0043.
 */
export const recurringInvoiceType = defineRecordType<
  typeof recurringInvoices,
  typeof recurringInvoiceInputSchema,
  RecurringInvoice,
  RecurringInvoiceRow
>({
  kind: KINDS.recurring_invoice,
  table: recurringInvoices,
  input: recurringInvoiceInputSchema,
  title: (row) => row.name,
  columns: async (db, actor, input, before) => {
    if (before?.status === 'ended') throw conflict(`${before.name} has ended: make a new recurring invoice instead.`);
    const customer = await documentCustomer(db, input.customer);
    await checkDocumentJob(db, input.customerJob, customer.id);
    const priced = await priceLines(db, actor.firmId, input.lines, {
      shipTo: customerAddress(customer.addresses),
      taxExempt: customer.taxExempt,
      discount: null,
      shippingCents: 0,
      ...(await priceBookFor(db, actor, customer.companyId)),
    });
    const today = await firmToday(db, actor.firmId);
    const sameSchedule =
      before !== null &&
      before.nextRunOn !== null &&
      before.frequency === input.frequency &&
      before.dayOfMonth === input.dayOfMonth &&
      before.startOn === input.startOn;
    // An edit that keeps the schedule keeps its next day. Otherwise it starts from the later of its
    // start, today and the day after its last run: never a run for the past, never a day billed twice.
    let from = input.startOn > today ? input.startOn : today;
    if (before?.lastRunOn && from <= before.lastRunOn) from = calendarAddDays(before.lastRunOn, 1);
    const next = sameSchedule ? before.nextRunOn! : firstRunOn(from, input.dayOfMonth);
    const ended = input.endOn !== null && next > input.endOn;
    return {
      name: input.name,
      customerId: customer.id,
      companyId: customer.companyId,
      customerJobId: input.customerJob,
      frequency: input.frequency,
      dayOfMonth: input.dayOfMonth,
      startOn: input.startOn,
      endOn: input.endOn,
      action: input.action,
      notes: input.notes,
      lines: input.lines,
      totalCents: priced.totals.totalCents,
      status: (ended ? 'ended' : (before?.status ?? 'active')) as RecurringStatus,
      nextRunOn: ended ? null : next,
    };
  },
  audited: (r) => ({
    name: r.name,
    status: r.status,
    customer: r.customerId,
    customerJob: r.customerJobId,
    frequency: r.frequency,
    dayOfMonth: r.dayOfMonth,
    startOn: r.startOn,
    endOn: r.endOn,
    action: r.action,
    notes: r.notes,
    totalCents: r.totalCents,
    nextRunOn: r.nextRunOn,
    lineCount: r.lines.length,
  }),
  names: {
    customer: { table: customers, id: customers.id, name: customers.name },
    customerJob: { table: customerJobs, id: customerJobs.id, name: customerJobs.name },
  },
  extra: {
    customer: customerRef,
    company: companyRef,
    customerJob: jobRef,
    // The items the typed lines name (a variant through its product), as the catalog has them now.
    items: sql`COALESCE((SELECT json_agg(${itemViewSql('x')}) FROM (
        SELECT CASE j.l->'item'->>'type'
                 WHEN 'product' THEN (j.l->'item'->>'id')::uuid
                 WHEN 'variant' THEN (SELECT pv.product_id FROM product_variants pv WHERE pv.id = (j.l->'item'->>'id')::uuid)
               END AS product_id,
               CASE WHEN j.l->'item'->>'type' = 'variant' THEN (j.l->'item'->>'id')::uuid END AS variant_id,
               CASE WHEN j.l->'item'->>'type' = 'material' THEN (j.l->'item'->>'id')::uuid END AS material_id
          FROM jsonb_array_elements(${qualified(recurringInvoices.lines)}) AS j(l)
         WHERE jsonb_typeof(j.l->'item') = 'object') x
       WHERE COALESCE(x.product_id, x.material_id) IS NOT NULL), '[]'::json)`,
    invoices: sql`COALESCE((SELECT json_agg(json_build_object('_id', i.id, 'name', i.prefix || i.number, 'status', i.status,
        'totalCents', i.total_cents, 'issueDate', i.issue_date) ORDER BY i.number DESC)
      FROM ${invoices} i WHERE i.recurring_invoice_id = ${qualified(recurringInvoices.id)}), '[]'::json)`,
  },
  detail: (r, extra) => ({
    name: r.name,
    status: r.status,
    customer: extra.customer as RecurringInvoice['customer'],
    company: extra.company as RecurringInvoice['company'],
    customerJob: extra.customerJob as RecurringInvoice['customerJob'],
    frequency: r.frequency,
    dayOfMonth: r.dayOfMonth,
    startOn: r.startOn,
    endOn: r.endOn,
    action: r.action,
    notes: r.notes,
    lines: r.lines,
    items: extra.items as RecurringInvoice['items'],
    totalCents: r.totalCents,
    nextRunOn: r.nextRunOn,
    lastRunOn: r.lastRunOn,
    invoices: extra.invoices as RecurringInvoice['invoices'],
  }),
  list: {
    rowFields: { customer: customerRef },
    defaultSort: 'next',
    filters: { customer: idsIn(recurringInvoices.customerId, 'customer') },
    // A few plans per firm: a match anywhere in the name.
    search: (q) => sql`${recurringInvoices.nameKey} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
  transitions: {
    pause: {
      refuse: (row) =>
        row.status === 'active' ? null : `${row.name} is ${row.status}: only an active plan is paused.`,
      set: () => ({ status: 'paused' as RecurringStatus }),
    },
    resume: {
      refuse: (row) => (row.status === 'paused' ? null : `${row.name} is ${row.status}: only a paused plan resumes.`),
      set: () => ({ status: 'active' as RecurringStatus }),
    },
  },
});
