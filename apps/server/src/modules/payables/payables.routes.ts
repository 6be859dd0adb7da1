import { Readable } from 'node:stream';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  billApplySchema,
  billableLinesSchema,
  billableQuerySchema,
  billUnapplySchema,
  centsText,
  KIND_SCHEMAS,
  KINDS,
  P,
  payablesAgingQuerySchema,
  payablesAgingSchema,
  type RecordKind,
} from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { type Actor, assertAllowed, permission } from '../../platform/http/access';
import { attachment } from '../../platform/http/content-disposition';
import { badRequest, conflict } from '../../platform/http/errors';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { csvLine } from '../../platform/lists/csv';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { vendors } from '../vendors';
import { applyToBills, type BillSource, unapplyFromBills } from './applications';
import { billPaymentName, billPaymentSource, billPaymentType } from './bill-payments.service';
import { billPayments, vendorCredits } from './payables.table';
import { payablesAging } from './payables-aging';
import { billableLines, vendorBillType } from './vendor-bills.service';
import { vendorCreditName, vendorCreditSource, vendorCreditType } from './vendor-credits.service';

/**
 * POST {kind}/{id}/apply and /unapply: more of a payment's or vendor credit's money put on bills,
 * or taken off one again. The source is locked first, then the bills (applications.ts); its
 * version moves, so an edit made before it is refused rather than undoing it.
 */
function moneyRoutes(
  kind: RecordKind,
  detail: z.ZodType,
  find: (db: Executor, actor: Actor, id: string) => Promise<BillSource & { name: string; refuse: string | null }>,
  get: (db: Executor, actor: Actor, id: string) => Promise<unknown>,
  table: typeof billPayments | typeof vendorCredits,
): AnyRoute[] {
  const bump = (db: Executor, id: string, actor: Actor) =>
    db
      .update(table)
      .set({ version: sql`${table.version} + 1`, updatedAt: sql`now()`, updatedBy: actor.userId })
      .where(eq(table.id, id));
  return [
    defineRoute({
      method: 'POST',
      url: `${kind.apiPath}/:id/apply`,
      summary: `Put more of the ${kind.noun}'s money on bills (never more than each balance or than it has left)`,
      access: permission(kind.codes.modify),
      params: idParams,
      body: billApplySchema,
      response: detail,
      handler: async ({ db, actor, params, body }) => {
        const source = await find(db, actor, params.id);
        if (source.refuse) throw conflict(source.refuse);
        const applied = await applyToBills(db, source, body.applications);
        if (!applied.length) throw conflict(`${source.name} has nothing left to apply, or those bills owe nothing.`);
        await bump(db, params.id, actor);
        await recordAudit(db, actor, {
          entityType: kind.key,
          entityId: params.id,
          action: 'apply',
          after: { applied },
        });
        return get(db, actor, params.id);
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${kind.apiPath}/:id/unapply`,
      summary: `Take the ${kind.noun}'s money off a bill: the bill owes it again`,
      access: permission(kind.codes.modify),
      params: idParams,
      body: billUnapplySchema,
      response: detail,
      handler: async ({ db, actor, params, body }) => {
        const source = await find(db, actor, params.id);
        const cents = await unapplyFromBills(db, source, body.bill, { required: true });
        await bump(db, params.id, actor);
        await recordAudit(db, actor, {
          entityType: kind.key,
          entityId: params.id,
          action: 'unapply',
          before: { bill: body.bill, amountCents: cents },
        });
        return get(db, actor, params.id);
      },
    }),
  ];
}

const AGING_HEADINGS = AGING_BUCKETS.map((b) => AGING_BUCKET_LABELS[b]);

export const payablesRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${KINDS.vendor_bill.apiPath}/billable`,
    summary: "The received lines of a vendor's purchase orders, with what is billed of them, to bill",
    access: permission(KINDS.vendor_bill.codes.modify),
    query: billableQuerySchema,
    response: billableLinesSchema,
    handler: async ({ db, query }) => {
      const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, query.vendor));
      if (!vendor) throw badRequest('Choose a vendor from the list.', { vendor: 'Choose a vendor from the list.' });
      return billableLines(db, query);
    },
  }),
  ...recordTypeRoutes(vendorBillType),
  ...recordTypeRoutes(vendorCreditType),
  ...moneyRoutes(
    KINDS.vendor_credit,
    KIND_SCHEMAS.vendor_credit.detail,
    async (db, actor, id) => {
      const row = await vendorCreditType.findRow(db, id, true, actor);
      return {
        ...vendorCreditSource(row),
        name: vendorCreditName(row),
        refuse: row.status === 'void' ? `${vendorCreditName(row)} is void.` : null,
      };
    },
    vendorCreditType.get,
    vendorCredits,
  ),
  ...recordTypeRoutes(billPaymentType),
  ...moneyRoutes(
    KINDS.bill_payment,
    KIND_SCHEMAS.bill_payment.detail,
    async (db, actor, id) => {
      const row = await billPaymentType.findRow(db, id, true, actor);
      return { ...billPaymentSource(row), name: billPaymentName(row), refuse: null };
    },
    billPaymentType.get,
    billPayments,
  ),
  defineRoute({
    method: 'GET',
    url: '/payables/aging',
    summary: 'What the firm owes its vendors, by days past due, with their credit and balance',
    access: permission(KINDS.vendor_bill.codes.modify),
    query: payablesAgingQuerySchema,
    response: payablesAgingSchema,
    handler: ({ db, actor, query }) => payablesAging(db, actor.firmId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/payables/aging/export',
    summary: 'The payables aging as CSV (code 41)',
    access: permission(P.EXPORT_ANALYTICS),
    produces: 'text/csv',
    stream: true,
    query: payablesAgingQuerySchema,
    handler: async ({ scoped, actor, query, reply }) => {
      assertAllowed(permission(KINDS.vendor_bill.codes.modify), actor);
      const aging = await scoped((tx) => payablesAging(tx, actor.firmId, query));
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(`payables-aging-${aging.asOf}.csv`));
      const row = (name: string, f: (typeof aging)['totals']) => [
        name,
        ...AGING_BUCKETS.map((b) => centsText(f[b])),
        centsText(f.openCents),
        centsText(f.creditCents),
        centsText(f.balanceCents),
      ];
      const lines = [
        `\uFEFF${csvLine(['Vendor', ...AGING_HEADINGS, 'Open', 'Credit', 'Balance'])}`,
        ...aging.rows.map((r) => csvLine(row(r.vendor.name, r))),
        csvLine(row('Total', aging.totals)),
      ];
      return Readable.from(lines);
    },
  }),
];
