import {
  KINDS,
  type VendorCredit,
  type VendorCreditRow,
  vendorCreditInputSchema,
  vendorCreditVoidSchema,
} from '@atelier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { firmToday } from '../../platform/identity/firm-clock';
import { buildSearchText, idsIn, likePattern, yesNo } from '../../platform/lists/list';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { defineRecordType, refColumn } from '../../platform/records/lifecycle';
import { vendors } from '../vendors';
import type { BillSource } from './applications';
import { vendorCredits } from './payables.table';

type Input = z.output<typeof vendorCreditInputSchema>;
type Row = typeof vendorCredits.$inferSelect;

export const vendorCreditName = (row: { number: number }) => `VC-${row.number}`;
const numberText = sql<string>`('VC-' || ${vendorCredits.number})`;
const vendorRef = refColumn(vendorCredits.vendorId, vendors, vendors.name);
export const vendorCreditSource = (row: Row): BillSource => ({
  type: 'vendor_credit',
  id: row.id,
  vendorId: row.vendorId,
});
const remaining = (r: Row) => (r.status === 'void' ? 0 : r.amountCents - r.appliedCents);

/** The vendor claim a credit being made settles (set by `issueVendorCredit`, never by a request). */
const claimOf = new WeakMap<Input, string>();

/**
 * Vendor credits: credit a vendor gives the firm (by hand, or settling a vendor claim), numbered
 * per firm, used on that vendor's bills, never beyond its amount. One never used may be deleted
 * or voided; once used, what was applied is unapplied first. Decision 0046.
 */
export const vendorCreditType = defineRecordType<
  typeof vendorCredits,
  typeof vendorCreditInputSchema,
  VendorCredit,
  VendorCreditRow
>({
  kind: KINDS.vendor_credit,
  table: vendorCredits,
  input: vendorCreditInputSchema,
  title: (row) => vendorCreditName(row),
  columns: async (db, actor, input, before) => {
    if (before?.status === 'void') throw conflict(`${vendorCreditName(before)} is void: it no longer changes.`);
    const [vendor] = await db
      .select({ id: vendors.id, name: vendors.name })
      .from(vendors)
      .where(eq(vendors.id, input.vendor));
    if (!vendor) throw badRequest('Choose a vendor from the list.', { vendor: 'Choose a vendor from the list.' });
    if (before && input.vendor !== before.vendorId) {
      if (before.appliedCents)
        throw conflict(`${vendorCreditName(before)} is in use: it stays with its vendor. Unapply it first.`);
      if (before.vendorClaimId)
        throw conflict(`${vendorCreditName(before)} settles a claim to its vendor: it stays with that vendor.`);
    }
    if (before && input.amountCents < before.appliedCents)
      throw conflict(
        `${vendorCreditName(before)} has ${(before.appliedCents / 100).toFixed(2)} used on bills: its amount is at least that.`,
      );
    const number = before?.number ?? (await nextNumber(db, actor.firmId, 'vendor_credit'));
    const used = before?.appliedCents ?? 0;
    return {
      number,
      vendorId: vendor.id,
      amountCents: input.amountCents,
      reason: input.reason,
      reference: input.reference,
      issueDate: input.issueDate ?? before?.issueDate ?? (await firmToday(db, actor.firmId)),
      notes: input.notes,
      ...(before ? {} : { vendorClaimId: claimOf.get(input) ?? null }),
      status: used > 0 && used === input.amountCents ? ('applied' as const) : ('open' as const),
      searchText: buildSearchText([vendorCreditName({ number }), vendor.name, input.reference, input.reason]),
    };
  },
  refuseDelete: (row) =>
    row.appliedCents
      ? `${vendorCreditName(row)} is in use: unapply it from its bills first.`
      : row.vendorClaimId
        ? `${vendorCreditName(row)} settles a vendor claim: void it instead.`
        : null,
  audited: (r) => ({
    number: vendorCreditName(r),
    status: r.status,
    vendor: r.vendorId,
    amountCents: r.amountCents,
    reason: r.reason,
    reference: r.reference,
    issueDate: r.issueDate,
    notes: r.notes,
    vendorClaim: r.vendorClaimId,
    appliedCents: r.appliedCents,
    voidReason: r.voidReason,
  }),
  names: { vendor: { table: vendors, id: vendors.id, name: vendors.name } },
  extra: {
    vendor: vendorRef,
    // constant SQL names: bill_applications and vendor_bills are this module's tables.
    applications: sql`COALESCE((SELECT json_agg(json_build_object(
        '_id', a.id,
        'source', json_build_object('_id', ${qualified(vendorCredits.id)}, 'name', 'VC-' || ${qualified(vendorCredits.number)}),
        'sourceType', 'vendor_credit',
        'bill', json_build_object('_id', b.id, 'name', 'Bill ' || b.bill_number),
        'amountCents', a.amount_cents,
        'date', to_char(a.created_at, 'YYYY-MM-DD')) ORDER BY a.created_at)
      FROM bill_applications a JOIN vendor_bills b ON b.id = a.bill_id
      WHERE a.vendor_credit_id = ${qualified(vendorCredits.id)}), '[]'::json)`,
  },
  detail: (r, extra) => ({
    number: vendorCreditName(r),
    name: vendorCreditName(r),
    status: r.status,
    vendor: extra.vendor as VendorCredit['vendor'],
    amountCents: r.amountCents,
    reason: r.reason,
    reference: r.reference,
    issueDate: r.issueDate,
    notes: r.notes,
    appliedCents: r.appliedCents,
    remainingCents: remaining(r),
    vendorClaim: r.vendorClaimId,
    applications: extra.applications as VendorCredit['applications'],
    voidReason: r.voidReason,
  }),
  list: {
    rowFields: {
      number: numberText,
      name: numberText,
      vendor: vendorRef,
      remainingCents: sql<number>`(CASE WHEN ${vendorCredits.status} = 'void' THEN 0
        ELSE ${vendorCredits.amountCents} - ${vendorCredits.appliedCents} END)::float8`,
    },
    defaultSort: '-number',
    filters: {
      vendor: idsIn(vendorCredits.vendorId, 'vendor'),
      // Credit left to use, or none.
      unapplied: yesNo(sql`${vendorCredits.status} = 'open'`, 'unapplied'),
    },
    search: (q) => sql`${vendorCredits.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
  transitions: {
    void: {
      body: vendorCreditVoidSchema,
      refuse: (row) =>
        row.status === 'void'
          ? `${vendorCreditName(row)} is already void.`
          : row.appliedCents
            ? `${vendorCreditName(row)} is in use: unapply it from its bills first, then void it.`
            : null,
      set: (_row, body) => ({
        status: 'void' as const,
        voidedAt: new Date(),
        voidReason: (body as z.output<typeof vendorCreditVoidSchema>).reason,
      }),
    },
  },
});

/**
 * Credit a vendor gives the firm for a vendor claim resolved as credited (called by the returns
 * module, inside its transaction): a vendor credit of that amount, open to be used on the
 * vendor's bills. One per claim: asked again for the same claim, it gives the credit already made.
 */
export async function issueVendorCredit(
  tx: Executor,
  actor: Actor,
  credit: { vendorId: string; amountCents: number; reason: string; vendorClaimId: string },
): Promise<VendorCredit> {
  const [made] = await tx
    .select({ id: vendorCredits.id })
    .from(vendorCredits)
    .where(and(eq(vendorCredits.firmId, actor.firmId), eq(vendorCredits.vendorClaimId, credit.vendorClaimId)));
  if (made) return vendorCreditType.get(tx, actor, made.id);
  const input = vendorCreditInputSchema.parse({
    vendor: credit.vendorId,
    amountCents: credit.amountCents,
    reason: credit.reason.slice(0, 500) || 'Vendor claim credited',
  });
  claimOf.set(input, credit.vendorClaimId);
  return vendorCreditType.create(tx, actor, input);
}
