import { type BillPayment, type BillPaymentRow, billPaymentInputSchema, KINDS } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import { qualified } from '../../db/columns';
import { badRequest } from '../../platform/http/errors';
import { firmToday } from '../../platform/identity/firm-clock';
import { buildSearchText, idsIn, likePattern, yesNo } from '../../platform/lists/list';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { defineRecordType, refColumn } from '../../platform/records/lifecycle';
import { checkMoneyAccount, moneyAccounts } from '../expenses';
import { vendors } from '../vendors';
import { applyToBills, type BillSource, unapplyFromBills } from './applications';
import { billPayments } from './payables.table';

type Row = typeof billPayments.$inferSelect;

export const billPaymentName = (row: { number: number }) => `Bill payment ${row.number}`;
const nameText = sql<string>`('Bill payment ' || ${billPayments.number})`;
const vendorRef = refColumn(billPayments.vendorId, vendors, vendors.name);
const accountRef = refColumn(billPayments.moneyAccountId, moneyAccounts, moneyAccounts.name);
export const billPaymentSource = (row: Row): BillSource => ({
  type: 'bill_payment',
  id: row.id,
  vendorId: row.vendorId,
});

/**
 * Bill payments: money the firm paid a vendor, from one of its money accounts, put on the
 * vendor's bills (what is not is an advance, the vendor's credit to the firm). Creates honour an
 * Idempotency-Key; an edit rewrites where the money went; a delete takes it off every bill first.
 * Decision 0046.
 */
export const billPaymentType = defineRecordType<
  typeof billPayments,
  typeof billPaymentInputSchema,
  BillPayment,
  BillPaymentRow
>({
  kind: KINDS.bill_payment,
  table: billPayments,
  input: billPaymentInputSchema,
  title: (row) => billPaymentName(row),
  columns: async (db, actor, input, before) => {
    const [vendor] = await db
      .select({ id: vendors.id, name: vendors.name })
      .from(vendors)
      .where(eq(vendors.id, input.vendor));
    if (!vendor) throw badRequest('Choose a vendor from the list.', { vendor: 'Choose a vendor from the list.' });
    if (input.moneyAccount) await checkMoneyAccount(db, actor.firmId, input.moneyAccount, 'moneyAccount');
    const number = before?.number ?? (await nextNumber(db, actor.firmId, 'bill_payment'));
    return {
      number,
      vendorId: vendor.id,
      method: input.method,
      amountCents: input.amountCents,
      paidOn: input.paidOn ?? before?.paidOn ?? (await firmToday(db, actor.firmId)),
      reference: input.reference,
      notes: input.notes,
      moneyAccountId: input.moneyAccount,
      // Where the money goes is written anew by afterWrite.
      appliedCents: 0,
      searchText: buildSearchText([billPaymentName({ number }), vendor.name, input.reference, input.notes]),
    };
  },
  afterWrite: async (db, row, before, input) => {
    // The row is locked (written in this transaction): its money comes off its bills, then goes
    // where the input says.
    if (before) await unapplyFromBills(db, billPaymentSource(before), null, { keepSource: true });
    if (!input) return;
    await applyToBills(db, billPaymentSource(row), input.applications);
  },
  beforeDelete: async (db, _actor, row) => {
    await unapplyFromBills(db, billPaymentSource(row), null, { keepSource: true });
  },
  audited: (r) => ({
    name: billPaymentName(r),
    vendor: r.vendorId,
    method: r.method,
    amountCents: r.amountCents,
    paidOn: r.paidOn,
    reference: r.reference,
    notes: r.notes,
    moneyAccount: r.moneyAccountId,
    appliedCents: r.appliedCents,
  }),
  names: {
    vendor: { table: vendors, id: vendors.id, name: vendors.name },
    moneyAccount: { table: moneyAccounts, id: moneyAccounts.id, name: moneyAccounts.name },
  },
  extra: {
    vendor: vendorRef,
    moneyAccount: accountRef,
    // constant SQL names: bill_applications and vendor_bills are this module's tables.
    applications: sql`COALESCE((SELECT json_agg(json_build_object(
        '_id', a.id,
        'source', json_build_object('_id', ${qualified(billPayments.id)}, 'name', 'Bill payment ' || ${qualified(billPayments.number)}),
        'sourceType', 'bill_payment',
        'bill', json_build_object('_id', b.id, 'name', 'Bill ' || b.bill_number),
        'amountCents', a.amount_cents,
        'date', ${qualified(billPayments.paidOn)}) ORDER BY b.due_date, b.id)
      FROM bill_applications a JOIN vendor_bills b ON b.id = a.bill_id
      WHERE a.bill_payment_id = ${qualified(billPayments.id)}), '[]'::json)`,
  },
  detail: (r, extra) => ({
    number: r.number,
    name: billPaymentName(r),
    vendor: extra.vendor as BillPayment['vendor'],
    method: r.method,
    amountCents: r.amountCents,
    paidOn: r.paidOn,
    reference: r.reference,
    notes: r.notes,
    moneyAccount: extra.moneyAccount as BillPayment['moneyAccount'],
    appliedCents: r.appliedCents,
    unappliedCents: r.amountCents - r.appliedCents,
    applications: extra.applications as BillPayment['applications'],
  }),
  list: {
    rowFields: {
      number: billPayments.number,
      name: nameText,
      vendor: vendorRef,
      moneyAccount: accountRef,
      unappliedCents: sql<number>`(${billPayments.amountCents} - ${billPayments.appliedCents})::float8`,
    },
    defaultSort: '-paid',
    filters: {
      vendor: idsIn(billPayments.vendorId, 'vendor'),
      account: idsIn(billPayments.moneyAccountId, 'account', true),
      unapplied: yesNo(sql`${billPayments.amountCents} > ${billPayments.appliedCents}`, 'unapplied'),
    },
    search: (q) => sql`${billPayments.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
});
