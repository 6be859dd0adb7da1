import {
  KINDS,
  LIEN_WAIVER_TYPE_LABELS,
  type LienWaiver,
  type LienWaiverRow,
  lienWaiverInputSchema,
  waiverTypeOf,
} from '@atelier/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { files } from '../../platform/files/files.table';
import type { Actor } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { buildSearchText, idsIn, likePattern } from '../../platform/lists/list';
import { defineRecordType } from '../../platform/records/lifecycle';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { settings } from '../../platform/settings/settings.table';
import { customerJobs } from '../jobs';
import { billPayments } from '../payables';
import { payments } from '../payments';
import { liens, lienWaivers } from './liens.table';

type Input = z.output<typeof lienWaiverInputSchema>;
type Row = typeof lienWaivers.$inferSelect;

const w = qualified;
/** A waiver's kind in words, in SQL, of the table under an alias ('w.') or none. */
export const waiverTypeSql = (alias: '' | 'w.' = '') =>
  // constant SQL: the four kinds' words, from the contract's labels, and one of two aliases.
  sql.raw(
    `CASE ${alias}condition || '_' || ${alias}scope ${Object.entries(LIEN_WAIVER_TYPE_LABELS)
      .map(([k, v]) => `WHEN '${k}' THEN '${v}'`)
      .join(' ')} END`,
  );
const jobRef = sql<{ _id: string; name: string }>`(SELECT json_build_object('_id', j.id, 'name', j.name)
  FROM ${liens} l JOIN ${customerJobs} j ON j.id = l.customer_job_id WHERE l.id = ${w(lienWaivers.lienId)})`;
const lienRef = sql<{ _id: string; name: string }>`(SELECT json_build_object('_id', l.id, 'name', 'Lien · ' || j.name)
  FROM ${liens} l JOIN ${customerJobs} j ON j.id = l.customer_job_id WHERE l.id = ${w(lienWaivers.lienId)})`;
const nameSql = sql<string>`(${waiverTypeSql()} || ' · ' || COALESCE((SELECT j.name FROM ${liens} l
  JOIN ${customerJobs} j ON j.id = l.customer_job_id WHERE l.id = ${w(lienWaivers.lienId)}), ''))`;
const paymentRef = sql`(SELECT json_build_object('_id', p.id, 'name', 'Payment ' || p.number)
  FROM ${payments} p WHERE p.id = ${w(lienWaivers.paymentId)})`;
const billPaymentRef = sql`(SELECT json_build_object('_id', p.id, 'name', 'Bill payment ' || p.number)
  FROM ${billPayments} p WHERE p.id = ${w(lienWaivers.billPaymentId)})`;
const signedCopySql = sql`(SELECT json_build_object('_id', f.id, 'name', f.name, 'contentType', f.content_type,
    'url', '/api/v1/files/' || f.id)
  FROM ${files} f WHERE f.id = ${w(lienWaivers.signedCopyFileId)} AND f.deleted_at IS NULL)`;

/** Whether the firm's document settings hold its own text for the waiver's kind (its PDF needs one). */
const hasTemplateSql = sql<boolean>`EXISTS (SELECT 1 FROM ${settings} s WHERE s.firm_id = ${w(lienWaivers.firmId)}
  AND s."group" = 'lienWaiverSettings'
  AND btrim(s.data ->> (${w(lienWaivers.condition)} || '_' || ${w(lienWaivers.scope)})) <> '')`;

/** The lien: the firm's own (another firm's reads as not on the list), with its job's name and customer. */
async function lienOf(db: Executor, id: string) {
  const [lien] = isUuid(id)
    ? await db
        .select({ id: liens.id, job: customerJobs.name, customerId: customerJobs.customerId })
        .from(liens)
        .innerJoin(customerJobs, eq(customerJobs.id, liens.customerJobId))
        .where(eq(liens.id, id))
    : [];
  if (!lien) throw badRequest('Choose a lien from the list.', { lien: 'Choose a lien from the list.' });
  return lien;
}

/** The payment a waiver given answers: money the job's customer paid (not a refund). */
async function checkPayment(db: Executor, id: string | null, customerId: string | null, job: string) {
  if (!id) return;
  const [payment] = isUuid(id)
    ? await db
        .select({ number: payments.number, customerId: payments.customerId, amountCents: payments.amountCents })
        .from(payments)
        .where(eq(payments.id, id))
    : [];
  if (!payment) throw badRequest('Choose a payment from the list.', { payment: 'Choose a payment from the list.' });
  if (payment.amountCents < 0)
    throw badRequest(`Payment ${payment.number} is a refund.`, { payment: 'Choose money received, not a refund.' });
  if (payment.customerId !== customerId)
    throw badRequest(`Payment ${payment.number} is not from ${job}’s customer.`, {
      payment: `Choose a payment from ${job}’s customer.`,
    });
}

async function checkBillPayment(db: Executor, id: string | null) {
  if (!id) return;
  const [found] = isUuid(id)
    ? await db.select({ id: billPayments.id }).from(billPayments).where(eq(billPayments.id, id))
    : [];
  if (!found)
    throw badRequest('Choose a payment to a vendor from the list.', {
      billPayment: 'Choose a payment to a vendor from the list.',
    });
}

/** The signed copy: one of this waiver's own files, uploaded after it was saved. */
async function checkSignedCopy(db: Executor, id: string | null, before: Row | null) {
  if (!id || id === before?.signedCopyFileId) return;
  if (!before)
    throw badRequest('Save the waiver first, then upload its signed copy to it.', {
      signedCopy: 'Save the waiver first, then upload its signed copy to it.',
    });
  const [file] = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.id, id),
        eq(files.entityType, KINDS.lien_waiver.key),
        eq(files.entityId, before.id),
        isNull(files.deletedAt),
      ),
    );
  if (!file)
    throw badRequest('Upload the signed copy to this waiver first.', { signedCopy: 'Choose one of its files.' });
}

async function columns(db: Executor, input: Input, before: Row | null) {
  const lien = await lienOf(db, input.lien);
  await checkPayment(db, input.payment, lien.customerId, lien.job);
  await checkBillPayment(db, input.billPayment);
  await checkSignedCopy(db, input.signedCopy, before);
  return {
    lienId: input.lien,
    direction: input.direction,
    condition: input.condition,
    scope: input.scope,
    party: input.party,
    amountCents: input.amountCents,
    throughOn: input.throughDate,
    paymentId: input.payment,
    billPaymentId: input.billPayment,
    signedOn: input.signedOn,
    signedCopyFileId: input.signedCopy,
    notes: input.notes,
    searchText: buildSearchText([lien.job, input.party, LIEN_WAIVER_TYPE_LABELS[waiverTypeOf(input)], input.notes]),
  };
}

const shown = (r: Row) => ({
  lien: r.lienId,
  direction: r.direction,
  condition: r.condition,
  scope: r.scope,
  party: r.party,
  amountCents: r.amountCents,
  throughDate: r.throughOn,
  payment: r.paymentId,
  billPayment: r.billPaymentId,
  signedOn: r.signedOn,
  signedCopy: r.signedCopyFileId,
  notes: r.notes,
});

/** The firm's own text for this kind of waiver (its document settings), or ''. */
export async function waiverTemplate(db: Executor, actor: Actor, row: Pick<Row, 'condition' | 'scope'>) {
  const templates = await getSettingsGroup(db, actor.firmId, 'lienWaiverSettings');
  return templates[waiverTypeOf(row)].trim();
}

/**
 * Lien waivers (decision 0049): given to whoever pays the firm, or received from the subs and
 * suppliers it pays, on a job with a lien record; with the payment each answers and its signed
 * copy. Its PDF is the firm's own template, filled in (lien-waiver-pdf.ts).
 */
export const lienWaiverType = defineRecordType<
  typeof lienWaivers,
  typeof lienWaiverInputSchema,
  LienWaiver,
  LienWaiverRow
>({
  kind: KINDS.lien_waiver,
  table: lienWaivers,
  input: lienWaiverInputSchema,
  title: (row) => LIEN_WAIVER_TYPE_LABELS[waiverTypeOf(row)],
  columns: (db, _actor, input, before) => columns(db, input, before),
  audited: shown,
  names: {
    payment: { table: payments, id: payments.id, name: payments.number },
    billPayment: { table: billPayments, id: billPayments.id, name: billPayments.number },
    signedCopy: { table: files, id: files.id, name: files.name },
  },
  extra: {
    name: nameSql,
    lien: lienRef,
    customerJob: jobRef,
    payment: paymentRef,
    billPayment: billPaymentRef,
    signedCopy: signedCopySql,
    hasTemplate: hasTemplateSql,
  },
  detail: (r, x) => ({
    ...shown(r),
    name: x.name as string,
    lien: x.lien as LienWaiver['lien'],
    customerJob: x.customerJob as LienWaiver['customerJob'],
    payment: x.payment as LienWaiver['payment'],
    billPayment: x.billPayment as LienWaiver['billPayment'],
    signedCopy: x.signedCopy as LienWaiver['signedCopy'],
    hasTemplate: Boolean(x.hasTemplate),
  }),
  list: {
    rowFields: {
      name: nameSql,
      lien: lienRef,
      customerJob: jobRef,
      throughDate: lienWaivers.throughOn,
    },
    sorts: { created: { expr: lienWaivers.createdAt, type: 'timestamptz' } },
    defaultSort: '-created',
    filters: {
      lien: idsIn(lienWaivers.lienId, 'lien'),
      job: (values) =>
        sql`${lienWaivers.lienId} IN (SELECT l.id FROM ${liens} l WHERE l.customer_job_id = ANY(${sql.param(
          values.filter(isUuid),
        )}::uuid[]))`,
    },
    search: (q) => sql`${lienWaivers.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
});
