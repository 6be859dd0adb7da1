import { Readable } from 'node:stream';
import {
  AGING_BUCKET_LABELS,
  agingQuerySchema,
  agingSchema,
  applySchema,
  centsText,
  KIND_SCHEMAS,
  KINDS,
  P,
  type RecordKind,
  unapplySchema,
} from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { announce } from '../../platform/events/events';
import { type Actor, assertAllowed, permission } from '../../platform/http/access';
import { attachment } from '../../platform/http/content-disposition';
import { conflict } from '../../platform/http/errors';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { csvLine } from '../../platform/lists/csv';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { applyMoney, type Source, unapplyMoney } from './applications';
import { creditMemoSource, creditMemoType } from './credit-memos.service';
import { paymentName, paymentSource, paymentType } from './payments.service';
import { creditMemos, payments } from './payments.table';
import { receivablesAging } from './receivables';

/**
 * POST {kind}/{id}/apply and /unapply: more of a payment's or credit memo's money put on invoices,
 * or taken off one again. The source is locked first, then the invoices (applications.ts); its
 * version moves, so an edit made before it is refused rather than undoing it.
 */
function moneyRoutes(
  kind: RecordKind,
  detail: z.ZodType,
  find: (db: Executor, actor: Actor, id: string) => Promise<Source & { name: string; refuse: string | null }>,
  get: (db: Executor, actor: Actor, id: string) => Promise<unknown>,
  table: typeof payments | typeof creditMemos,
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
      summary: `Put more of the ${kind.noun}'s money on invoices (never more than each balance or than it has left)`,
      access: permission(kind.codes.modify),
      params: idParams,
      body: applySchema,
      response: detail,
      handler: async ({ db, actor, params, body }) => {
        // Paying an invoice is keeping invoices too.
        assertAllowed(permission(KINDS.invoice.codes.modify), actor);
        const source = await find(db, actor, params.id);
        if (source.refuse) throw conflict(source.refuse);
        const applied = await applyMoney(db, source, body.applications);
        if (!applied.length) throw conflict(`${source.name} has nothing left to apply, or those invoices owe nothing.`);
        await bump(db, params.id, actor);
        await recordAudit(db, actor, {
          entityType: kind.key,
          entityId: params.id,
          action: 'apply',
          after: { applied },
        });
        if (source.type === 'payment') await announce(db, actor, 'payment.applied', { paymentId: params.id });
        return get(db, actor, params.id);
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${kind.apiPath}/:id/unapply`,
      summary: `Take the ${kind.noun}'s money off an invoice: the invoice owes it again, and it is credit again`,
      access: permission(kind.codes.modify),
      params: idParams,
      body: unapplySchema,
      response: detail,
      handler: async ({ db, actor, params, body }) => {
        assertAllowed(permission(KINDS.invoice.codes.modify), actor);
        const source = await find(db, actor, params.id);
        const cents = await unapplyMoney(db, source, body.invoice, { required: true });
        await bump(db, params.id, actor);
        await recordAudit(db, actor, {
          entityType: kind.key,
          entityId: params.id,
          action: 'unapply',
          before: { invoice: body.invoice, amountCents: cents },
        });
        return get(db, actor, params.id);
      },
    }),
  ];
}

const AGING_COLUMNS = ['current', 'days1to30', 'days31to60', 'days61to90', 'days90plus'] as const;

export const paymentRoutes: AnyRoute[] = [
  ...recordTypeRoutes(paymentType),
  ...moneyRoutes(
    KINDS.payment,
    KIND_SCHEMAS.payment.detail,
    async (db, actor, id) => {
      const row = await paymentType.findRow(db, id, true, actor);
      return {
        ...paymentSource(row),
        name: paymentName(row),
        refuse: row.amountCents < 0 ? `${paymentName(row)} pays money back: it goes on no invoice.` : null,
      };
    },
    paymentType.get,
    payments,
  ),
  ...recordTypeRoutes(creditMemoType),
  ...moneyRoutes(
    KINDS.credit_memo,
    KIND_SCHEMAS.credit_memo.detail,
    async (db, actor, id) => {
      const row = await creditMemoType.findRow(db, id, true, actor);
      return {
        ...creditMemoSource(row),
        name: `${row.prefix}${row.number}`,
        refuse: row.status === 'void' ? `${row.prefix}${row.number} is void.` : null,
      };
    },
    creditMemoType.get,
    creditMemos,
  ),
  defineRoute({
    method: 'GET',
    url: '/receivables/aging',
    summary: 'What customers owe, by days past due, with their credit and balance',
    access: permission(KINDS.invoice.codes.modify),
    query: agingQuerySchema,
    response: agingSchema,
    handler: ({ db, actor, query }) => receivablesAging(db, actor.firmId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/receivables/aging/export',
    summary: 'The receivables aging as CSV (code 41)',
    access: permission(P.EXPORT_ANALYTICS),
    produces: 'text/csv',
    stream: true,
    query: agingQuerySchema,
    handler: async ({ scoped, actor, query, reply }) => {
      assertAllowed(permission(KINDS.invoice.codes.modify), actor);
      const aging = await scoped((tx) => receivablesAging(tx, actor.firmId, query));
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(`receivables-aging-${aging.asOf}.csv`));
      const heading = [
        'Customer',
        'Account',
        ...AGING_COLUMNS.map((b) => AGING_BUCKET_LABELS[b]),
        'Open',
        'Credit',
        'Balance',
      ];
      const row = (name: string, account: string, f: (typeof aging)['totals']) => [
        name,
        account,
        ...AGING_COLUMNS.map((b) => centsText(f[b])),
        centsText(f.openCents),
        centsText(f.creditCents),
        centsText(f.balanceCents),
      ];
      const lines = [
        `\uFEFF${csvLine(heading)}`,
        ...aging.rows.map((r) => csvLine(row(r.customer.name, r.company?.name ?? '', r))),
        csvLine(row('Total', '', aging.totals)),
      ];
      return Readable.from(lines);
    },
  }),
];
