import {
  type CreditMemo,
  type CreditMemoRow,
  creditMemoInputSchema,
  creditMemoVoidSchema,
  KINDS,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { qualified } from '../../db/columns';
import { conflict } from '../../platform/http/errors';
import { firmToday } from '../../platform/identity/firm-clock';
import { buildSearchText, idsIn, likePattern } from '../../platform/lists/list';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { defineRecordType, refColumn } from '../../platform/records/lifecycle';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { companies } from '../companies';
import { customers } from '../customers';
import { checkDocumentJob, documentCustomer } from '../documents';
import { customerJobs } from '../jobs';
import type { Source } from './applications';
import { creditMemos } from './payments.table';

type Row = typeof creditMemos.$inferSelect;

export const creditMemoNumber = (row: { prefix: string; number: number }) => `${row.prefix}${row.number}`;
const numberText = sql<string>`(${creditMemos.prefix} || ${creditMemos.number})`;
const customerRef = refColumn(creditMemos.customerId, customers, customers.name);
const companyRef = refColumn(creditMemos.companyId, companies, companies.name);
const jobRef = refColumn(creditMemos.customerJobId, customerJobs, customerJobs.name);
export const creditMemoSource = (row: Row): Source => ({ type: 'credit_memo', id: row.id, customerId: row.customerId });
const remaining = (r: Row) => (r.status === 'void' ? 0 : r.amountCents - r.appliedCents - r.refundedCents);

/**
 * Credit memos: credit given to a customer by hand (and, later, from returns), numbered per firm;
 * used on their invoices or refunded, never beyond its amount. One never used may be deleted or
 * voided; once used, what was applied is unapplied first. Decision 0043.
 */
export const creditMemoType = defineRecordType<
  typeof creditMemos,
  typeof creditMemoInputSchema,
  CreditMemo,
  CreditMemoRow
>({
  kind: KINDS.credit_memo,
  table: creditMemos,
  input: creditMemoInputSchema,
  title: (row) => creditMemoNumber(row),
  columns: async (db, actor, input, before) => {
    if (before?.status === 'void') throw conflict(`${creditMemoNumber(before)} is void: it no longer changes.`);
    const customer = await documentCustomer(db, input.customer);
    await checkDocumentJob(db, input.customerJob, customer.id);
    if (before && (before.appliedCents || before.refundedCents)) {
      if (input.customer !== before.customerId)
        throw conflict(`${creditMemoNumber(before)} is in use: it stays with its customer. Unapply it first.`);
      if (input.amountCents < before.appliedCents + before.refundedCents)
        throw conflict(
          `${creditMemoNumber(before)} has ${((before.appliedCents + before.refundedCents) / 100).toFixed(2)} used: its amount is at least that.`,
        );
    }
    const numbered = before
      ? { prefix: before.prefix, number: before.number }
      : {
          prefix: (await getSettingsGroup(db, actor.firmId, 'creditMemoSettings')).prefix,
          number: await nextNumber(db, actor.firmId, 'credit_memo'),
        };
    const used = (before?.appliedCents ?? 0) + (before?.refundedCents ?? 0);
    return {
      ...numbered,
      customerId: customer.id,
      companyId: customer.companyId,
      customerJobId: input.customerJob,
      amountCents: input.amountCents,
      reason: input.reason,
      issueDate: input.issueDate ?? before?.issueDate ?? (await firmToday(db, actor.firmId)),
      notes: input.notes,
      status: used > 0 && used === input.amountCents ? ('applied' as const) : ('open' as const),
      searchText: buildSearchText([
        creditMemoNumber(numbered),
        customer.name,
        customer.companyName ?? '',
        input.reason,
      ]),
    };
  },
  refuseDelete: (row) =>
    row.appliedCents || row.refundedCents
      ? `${creditMemoNumber(row)} is in use: unapply it from its invoices first.`
      : null,
  audited: (r) => ({
    number: creditMemoNumber(r),
    status: r.status,
    customer: r.customerId,
    customerJob: r.customerJobId,
    amountCents: r.amountCents,
    reason: r.reason,
    issueDate: r.issueDate,
    notes: r.notes,
    appliedCents: r.appliedCents,
    refundedCents: r.refundedCents,
    voidReason: r.voidReason,
  }),
  names: {
    customer: { table: customers, id: customers.id, name: customers.name },
    customerJob: { table: customerJobs, id: customerJobs.id, name: customerJobs.name },
  },
  extra: {
    customer: customerRef,
    company: companyRef,
    customerJob: jobRef,
    // constant SQL names: invoice_applications, invoices and payments are tables of ours.
    applications: sql`COALESCE((SELECT json_agg(json_build_object(
        '_id', a.id,
        'source', json_build_object('_id', ${qualified(creditMemos.id)}, 'name', ${qualified(creditMemos.prefix)} || ${qualified(creditMemos.number)}),
        'sourceType', 'credit_memo',
        'invoice', json_build_object('_id', i.id, 'name', i.prefix || i.number),
        'amountCents', a.amount_cents,
        'date', to_char(a.created_at, 'YYYY-MM-DD')) ORDER BY i.number)
      FROM invoice_applications a JOIN invoices i ON i.id = a.invoice_id
      WHERE a.credit_memo_id = ${qualified(creditMemos.id)}), '[]'::json)`,
    refunds: sql`COALESCE((SELECT json_agg(json_build_object('_id', p.id, 'name', 'Refund ' || p.number,
        'amountCents', -p.amount_cents, 'date', p.received_on) ORDER BY p.number)
      FROM payments p WHERE p.credit_memo_id = ${qualified(creditMemos.id)}), '[]'::json)`,
  },
  detail: (r, extra) => ({
    number: creditMemoNumber(r),
    name: creditMemoNumber(r),
    status: r.status,
    customer: extra.customer as CreditMemo['customer'],
    company: extra.company as CreditMemo['company'],
    customerJob: extra.customerJob as CreditMemo['customerJob'],
    amountCents: r.amountCents,
    reason: r.reason,
    issueDate: r.issueDate,
    notes: r.notes,
    appliedCents: r.appliedCents,
    refundedCents: r.refundedCents,
    remainingCents: remaining(r),
    applications: extra.applications as CreditMemo['applications'],
    refunds: extra.refunds as CreditMemo['refunds'],
    voidReason: r.voidReason,
  }),
  list: {
    rowFields: {
      number: numberText,
      name: numberText,
      customer: customerRef,
      company: companyRef,
      remainingCents: sql<number>`(CASE WHEN ${creditMemos.status} = 'void' THEN 0
        ELSE ${creditMemos.amountCents} - ${creditMemos.appliedCents} - ${creditMemos.refundedCents} END)::float8`,
    },
    defaultSort: '-number',
    filters: {
      customer: idsIn(creditMemos.customerId, 'customer'),
      account: idsIn(creditMemos.companyId, 'account'),
    },
    search: (q) => sql`${creditMemos.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
  transitions: {
    void: {
      body: creditMemoVoidSchema,
      refuse: (row) =>
        row.status === 'void'
          ? `${creditMemoNumber(row)} is already void.`
          : row.appliedCents || row.refundedCents
            ? `${creditMemoNumber(row)} is in use: unapply it from its invoices first, then void it.`
            : null,
      set: (_row, body) => ({
        status: 'void' as const,
        voidedAt: new Date(),
        voidReason: (body as z.output<typeof creditMemoVoidSchema>).reason,
      }),
    },
  },
});
