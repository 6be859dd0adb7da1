import {
  KINDS,
  LIEN_ROLE_LABELS,
  type Lien,
  type LienDeadlines,
  type LienRow,
  lienInputSchema,
} from '@atelier/contracts';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { files } from '../../platform/files/files.table';
import type { Actor } from '../../platform/http/access';
import { badRequest, HttpError } from '../../platform/http/errors';
import { firmToday } from '../../platform/identity/firm-clock';
import { buildSearchText, idsIn, likePattern, textIn } from '../../platform/lists/list';
import { defineRecordType } from '../../platform/records/lifecycle';
import { personColumn, refColumn } from '../../platform/records/record-table';
import { assertAssignee } from '../../platform/records/records';
import { customerJobs } from '../jobs';
import { liens, type StoredLienDocument } from './liens.table';
import { deadlinesOfLien, nextDeadline, statusAfter } from './record-deadlines';

type Input = z.output<typeof lienInputSchema>;
type Row = typeof liens.$inferSelect;

const l = qualified;
const jobRef = refColumn(liens.customerJobId, customerJobs, customerJobs.name);
const responsibleRef = personColumn(liens.responsibleId);
// constant SQL names: customers and invoices are other modules' tables, read here by name
// (the invoices module does not know liens; decision 0048).
const customerRef = sql<{ _id: string; name: string } | null>`(SELECT json_build_object('_id', c.id, 'name', c.name)
  FROM ${customerJobs} j JOIN customers c ON c.id = j.customer_id WHERE j.id = ${l(liens.customerJobId)})`;
/** What the job's sent, unpaid invoices still ask. */
const unpaidSql = sql<number>`(SELECT COALESCE(sum(i.balance_cents), 0)::bigint FROM invoices i
  WHERE i.customer_job_id = ${l(liens.customerJobId)} AND i.status IN ('sent', 'partially_paid'))`;
const owedSql = sql<number>`COALESCE(${l(liens.amountOwedCents)}, ${unpaidSql})`;
const nameSql = sql<string>`('Lien · ' || (SELECT j.name FROM ${customerJobs} j WHERE j.id = ${l(liens.customerJobId)}))`;
/** The papers with their proofs named, in the order kept. */
const documentsSql = sql`(SELECT COALESCE(json_agg(json_build_object(
    'kind', d ->> 'kind', 'title', d ->> 'title', 'sentOn', d ->> 'sentOn',
    'proof', (SELECT json_build_object('_id', f.id, 'name', f.name, 'url', '/api/v1/files/' || f.id)
              FROM ${files} f WHERE f.id = (d ->> 'proof')::uuid AND f.deleted_at IS NULL)) ORDER BY n), '[]'::json)
  FROM jsonb_array_elements(${l(liens.documents)}) WITH ORDINALITY AS e(d, n))`;

/** The job: the firm's own (another firm's reads as not on the list), one lien each. */
async function checkJob(db: Executor, id: string, before: Row | null): Promise<string> {
  const [job] = isUuid(id)
    ? await db
        .select({ id: customerJobs.id, name: customerJobs.name })
        .from(customerJobs)
        .where(eq(customerJobs.id, id))
    : [];
  if (!job) throw badRequest('Choose a job from the list.', { customerJob: 'Choose a job from the list.' });
  const [other] = await db
    .select({ id: liens.id })
    .from(liens)
    .where(and(eq(liens.customerJobId, id), before ? ne(liens.id, before.id) : sql`true`));
  if (other)
    throw new HttpError(409, 'conflict', `${job.name} already has a lien record: open it to change it.`, {
      customerJob: 'This job already has a lien record.',
    });
  return job.name;
}

/** Each proof is one of this lien's own files: uploaded to it after it was saved. */
async function checkProofs(db: Executor, documents: Input['documents'], before: Row | null) {
  const proofs = [...new Set(documents.flatMap((d) => (d.proof ? [d.proof] : [])))];
  if (proofs.length === 0) return;
  const at = documents.findIndex((d) => d.proof);
  if (!before)
    throw badRequest('Save the lien first, then upload its proofs to it.', {
      [`documents.${at}.proof`]: 'Save the lien first, then upload its proofs to it.',
    });
  const found = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, proofs),
        eq(files.entityType, KINDS.lien.key),
        eq(files.entityId, before.id),
        isNull(files.deletedAt),
      ),
    );
  const known = new Set(found.map((f) => f.id));
  const bad = documents.findIndex((d) => d.proof && !known.has(d.proof));
  if (bad >= 0)
    throw badRequest('A proof is one of the lien’s own files.', {
      [`documents.${bad}.proof`]: 'Choose one of the lien’s files.',
    });
}

async function columns(db: Executor, actor: Actor, input: Input, before: Row | null) {
  const job = await checkJob(db, input.customerJob, before);
  if (input.responsible !== (before?.responsibleId ?? null)) await assertAssignee(db, input.responsible, 'responsible');
  await checkProofs(db, input.documents, before);
  const documents: StoredLienDocument[] = input.documents.map((d) => ({
    kind: d.kind,
    title: d.title,
    sentOn: d.sentOn,
    proof: d.proof,
  }));
  const state = {
    state: input.state,
    role: input.role,
    projectType: input.projectType,
    flags: input.flags,
    firstFurnishingOn: input.firstFurnishingDate,
    lastFurnishingOn: input.lastFurnishingDate,
    completionOn: input.completionDate,
    noticeOfCompletionOn: input.noticeOfCompletionDate,
    recordedOn: input.recordingDate,
    status: input.status,
    documents,
  };
  const today = await firmToday(db, actor.firmId);
  const { deadlines } = deadlinesOfLien(state, today);
  const next = nextDeadline(state, deadlines, today);
  return {
    customerJobId: input.customerJob,
    ...state,
    status: statusAfter(input.status, deadlines),
    propertyAddress: input.propertyAddress,
    propertyOwner: input.propertyOwner,
    hiringParty: input.hiringParty,
    amountOwedCents: input.amountOwedCents,
    responsibleId: input.responsible,
    notes: input.notes,
    nextDeadlineOn: next?.date ?? null,
    nextDeadlineKind: next?.kind ?? null,
    searchText: buildSearchText([job, input.state, input.propertyAddress, input.propertyOwner, input.hiringParty]),
  };
}

const shown = (r: Row) => ({
  customerJob: r.customerJobId,
  state: r.state,
  role: r.role,
  projectType: r.projectType,
  flags: r.flags,
  firstFurnishingDate: r.firstFurnishingOn,
  lastFurnishingDate: r.lastFurnishingOn,
  completionDate: r.completionOn,
  noticeOfCompletionDate: r.noticeOfCompletionOn,
  recordingDate: r.recordedOn,
  propertyAddress: r.propertyAddress,
  propertyOwner: r.propertyOwner,
  hiringParty: r.hiringParty,
  amountOwedCents: r.amountOwedCents,
  status: r.status,
  responsible: r.responsibleId,
  documents: r.documents,
  notes: r.notes,
});

/**
 * Mechanic liens: the firm's lien rights on a customer job, its deadlines computed from the
 * supplied rules (decision 0048), its status expired when a recording or suit deadline passes.
 */
export const lienType = defineRecordType<typeof liens, typeof lienInputSchema, Lien, LienRow>({
  kind: KINDS.lien,
  table: liens,
  input: lienInputSchema,
  // Messages name it by its state and role; lists and search by its job (nameSql).
  title: (row) => `Lien (${row.state}, ${LIEN_ROLE_LABELS[row.role].toLowerCase()})`,
  search: {
    title: nameSql,
    subtitle: sql<string>`concat_ws(' · ', (${customerRef}) ->> 'name', ${l(liens.state)})`,
    text: liens.searchText,
  },
  columns: (db, actor, input, before) => columns(db, actor, input, before),
  audited: shown,
  people: ['responsible'],
  names: { customerJob: { table: customerJobs, id: customerJobs.id, name: customerJobs.name } },
  extra: {
    name: nameSql,
    customerJob: jobRef,
    customer: customerRef,
    responsible: responsibleRef,
    unpaid: unpaidSql,
    owed: owedSql,
    documents: documentsSql,
  },
  detail: (r, x) => ({
    ...shown(r),
    name: x.name as string,
    customerJob: x.customerJob as Lien['customerJob'],
    customer: x.customer as Lien['customer'],
    responsible: x.responsible as Lien['responsible'],
    unpaidInvoicesCents: Number(x.unpaid),
    owedCents: Number(x.owed),
    documents: x.documents as Lien['documents'],
    nextDeadline: r.nextDeadlineOn && r.nextDeadlineKind ? { kind: r.nextDeadlineKind, date: r.nextDeadlineOn } : null,
  }),
  list: {
    rowFields: {
      name: nameSql,
      role: liens.role,
      customerJob: jobRef,
      customer: customerRef,
      owedCents: owedSql,
      responsible: responsibleRef,
    },
    defaultSort: 'next-deadline',
    filters: {
      job: idsIn(liens.customerJobId, 'job', true),
      responsible: idsIn(liens.responsibleId, 'responsible', true),
      'us-state': textIn(liens.state),
    },
    search: (q) => sql`${liens.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
});

/** GET /liens/{id}/deadlines: the lien's deadlines as of the firm's today, each with its rule and whether it was missed. */
export async function lienDeadlinesOf(db: Executor, actor: Actor, id: string): Promise<LienDeadlines> {
  const row = await lienType.findRow(db, id, false, actor);
  return deadlinesOfLien(row, await firmToday(db, actor.firmId));
}
