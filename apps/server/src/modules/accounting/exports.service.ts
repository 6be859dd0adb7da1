import type {
  AccountingExport,
  AccountingExportDetail,
  AccountingExportPage,
  accountingExportListQuerySchema,
} from '@atelier/contracts';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { attachment } from '../../platform/http/content-disposition';
import { notFound } from '../../platform/http/errors';
import { users } from '../../platform/identity/users.table';
import { journalSources } from '../../platform/modules/journal';
import { accountingExportDocuments, accountingExports } from './accounting.table';
import { ADAPTERS } from './adapters/adapters';

const columns = {
  id: accountingExports.id,
  number: accountingExports.number,
  adapter: accountingExports.adapter,
  from: accountingExports.periodFrom,
  to: accountingExports.periodTo,
  status: accountingExports.status,
  error: accountingExports.error,
  sent: accountingExports.sentCount,
  changed: accountingExports.changedCount,
  reversed: accountingExports.reversedCount,
  skipped: accountingExports.skippedCount,
  kinds: accountingExports.kinds,
  leftOut: accountingExports.leftOut,
  fileName: accountingExports.fileName,
  bytes: sql<number | null>`octet_length(${accountingExports.content})`,
  sha256: accountingExports.sha256,
  entries: accountingExports.entryCount,
  lines: accountingExports.lineCount,
  debitCents: accountingExports.debitCents,
  creditCents: accountingExports.creditCents,
  createdAt: sql<string>`to_json(${accountingExports.createdAt})#>>'{}'`,
  createdById: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
};

const select = (db: Executor, where: SQL | undefined) =>
  db
    .select(columns)
    .from(accountingExports)
    .leftJoin(users, eq(users.id, accountingExports.createdBy))
    .where(where)
    .orderBy(desc(accountingExports.number));
type Row = Awaited<ReturnType<typeof select>>[number];

function view(r: Row): AccountingExport {
  return {
    _id: r.id,
    number: r.number,
    adapter: r.adapter,
    from: r.from,
    to: r.to,
    status: r.status,
    createdAt: r.createdAt,
    createdBy: r.createdById ? { _id: r.createdById, name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() } : null,
    sent: r.sent,
    changed: r.changed,
    reversed: r.reversed,
    skipped: r.skipped,
    kinds: r.kinds,
    leftOut: r.leftOut,
    error: r.error,
    file:
      r.status === 'done' && r.fileName
        ? {
            name: r.fileName,
            bytes: Number(r.bytes ?? 0),
            sha256: r.sha256 ?? '',
            entries: r.entries,
            lines: r.lines,
            debitCents: r.debitCents,
            creditCents: r.creditCents,
          }
        : null,
  };
}

/** The runs that sent a document of this vendor (a bill, a credit, a payment out): its sync tab. */
const ofVendor = (vendor: string) =>
  sql`EXISTS (SELECT 1 FROM ${accountingExportDocuments} d WHERE d.export_id = ${accountingExports.id}
    AND d.party_type = 'vendor' AND d.party_id = ${vendor}::uuid)`;

/** GET /accounting/exports: the sync log, newest first. */
export async function listExports(
  db: Executor,
  firmId: string,
  query: z.output<typeof accountingExportListQuerySchema>,
): Promise<AccountingExportPage> {
  const filter = and(eq(accountingExports.firmId, firmId), query.vendor ? ofVendor(query.vendor) : undefined);
  const page = and(filter, query.cursor ? lt(accountingExports.number, query.cursor) : undefined);
  const rows = await select(db, page).limit(query.limit + 1);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(accountingExports).where(filter);
  const items = rows.slice(0, query.limit).map(view);
  return {
    items,
    total: count?.n ?? 0,
    next: rows.length > query.limit ? String(items.at(-1)!.number) : null,
  };
}

async function found(db: Executor, firmId: string, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound('No such export.');
  const [row] = await select(db, and(eq(accountingExports.firmId, firmId), eq(accountingExports.id, id)));
  if (!row) throw notFound('No such export.');
  return row;
}

/** One run, as its log shows it. */
export async function exportOf(db: Executor, firmId: string, id: string): Promise<AccountingExport> {
  return view(await found(db, firmId, id));
}

/** GET /accounting/exports/{id}: the run and every document it sent, changed or reversed. */
export async function exportDetail(db: Executor, firmId: string, id: string): Promise<AccountingExportDetail> {
  const run = await exportOf(db, firmId, id);
  const sources = new Map(journalSources().map((s) => [s.key, s]));
  const docs = await db
    .select()
    .from(accountingExportDocuments)
    .where(and(eq(accountingExportDocuments.firmId, firmId), eq(accountingExportDocuments.exportId, id)))
    .orderBy(accountingExportDocuments.source, accountingExportDocuments.number);
  return {
    ...run,
    documents: docs.map((d) => {
      const source = sources.get(d.source);
      return {
        kind: d.source,
        kindLabel: source ? source.noun.charAt(0).toUpperCase() + source.noun.slice(1) : d.source,
        record: { _id: d.recordId, name: d.number },
        // A reversed document may be gone: its page answers "not found", which says so.
        href: source ? `${source.kind.webPath}/${d.recordId}` : null,
        change: d.change,
        version: d.version,
        party: d.partyName,
      };
    }),
  };
}

/** GET /accounting/exports/{id}/file: the file the run wrote, as it was, to download again. */
export async function exportFile(db: Executor, firmId: string, id: string, reply: FastifyReply): Promise<Buffer> {
  const run = await found(db, firmId, id);
  const [file] = await db
    .select({ content: accountingExports.content })
    .from(accountingExports)
    .where(and(eq(accountingExports.firmId, firmId), eq(accountingExports.id, id)));
  if (!file?.content || !run.fileName) throw notFound(`Export #${run.number} failed: it wrote no file.`);
  reply
    .header('content-type', ADAPTERS[run.adapter].contentType)
    .header('content-disposition', attachment(run.fileName))
    .header('x-content-sha256', run.sha256 ?? '');
  return file.content;
}
