import {
  ACCOUNTING_ADAPTER_INFO,
  type AccountingExport,
  type accountingExportInputSchema,
  type ExportChange,
  hasCode,
} from '@atelier/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { forbidden, HttpError } from '../../platform/http/errors';
import {
  type JournalDocument,
  type JournalLine,
  type JournalSource,
  journalSources,
} from '../../platform/modules/journal';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { canonicalJson, sha256Hex } from '../../platform/text/canonical-json';
import {
  accountingExportDocuments,
  accountingExports,
  accountingSynced,
  type ExportKindCounts,
  type SentLine,
} from './accounting.table';
import { ADAPTERS, type ExportEntry } from './adapters/adapters';
import { exportOf } from './exports.service';
import { loadMapping, type Resolve } from './mapping.service';

type Input = z.output<typeof accountingExportInputSchema>;
type Scoped = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** How many records a source is asked for at once, by id. */
const CHUNK = 500;

const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** What the books hold of a document: the sync state row, with the number of the export that sent it. */
type State = {
  recordId: string;
  fingerprint: string;
  date: string;
  number: string;
  partyType: string | null;
  partyId: string | null;
  partyName: string;
  lines: SentLine[];
  exportNumber: number;
};

async function statesOf(db: Tx, firmId: string, source: string): Promise<Map<string, State>> {
  const rows = await db
    .select({
      recordId: accountingSynced.recordId,
      fingerprint: accountingSynced.fingerprint,
      date: accountingSynced.date,
      number: accountingSynced.number,
      partyType: accountingSynced.partyType,
      partyId: accountingSynced.partyId,
      partyName: accountingSynced.partyName,
      lines: accountingSynced.lines,
      exportNumber: accountingExports.number,
    })
    .from(accountingSynced)
    .innerJoin(accountingExports, eq(accountingExports.id, accountingSynced.exportId))
    .where(and(eq(accountingSynced.firmId, firmId), eq(accountingSynced.source, source)));
  return new Map(rows.map((r) => [r.recordId, r]));
}

const isAmount = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** Why a document cannot be written (its lines are not amounts, or it does not balance), or null. */
function problemOf(source: JournalSource, doc: JournalDocument): string | null {
  const name = `${capital(source.noun)} ${doc.number}`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(doc.date)) return `${name} has no date the books can use.`;
  const bad = doc.lines.find(
    (l) => !isAmount(l.debitCents) || !isAmount(l.creditCents) || (l.debitCents > 0 && l.creditCents > 0),
  );
  if (bad) return `${name} has a line that is not a debit or a credit in whole cents.`;
  const debit = doc.lines.reduce((s, l) => s + l.debitCents, 0);
  const credit = doc.lines.reduce((s, l) => s + l.creditCents, 0);
  if (debit !== credit)
    return `${name} does not balance: its debits come to ${money(debit)} and its credits to ${money(credit)}. Nothing was exported: correct it, then export again.`;
  return null;
}

/** What identifies a document's entry: it is sent again only when this changes (not on every new version). */
const fingerprintOf = (doc: JournalDocument, lines: JournalLine[]) =>
  sha256Hex(
    canonicalJson({
      date: doc.date,
      number: doc.number,
      party: doc.party?.name ?? '',
      lines: lines.map((l) => [l.role, l.key ?? '', l.debitCents, l.creditCents]),
    }),
  );

const sentLines = (lines: JournalLine[], resolve: Resolve): SentLine[] =>
  lines.map((l) => ({
    ...resolve(l.role, l.key),
    debitCents: l.debitCents,
    creditCents: l.creditCents,
    memo: l.memo ?? '',
  }));

/** What a document decided: the entries it writes, and what the books hold of it afterwards. */
type Outcome = {
  source: JournalSource;
  recordId: string;
  change: ExportChange;
  version: number | null;
  party: JournalDocument['party'];
  number: string;
  sortDate: string;
  entries: ExportEntry[];
  /** The new sync state, or null: forgotten (reversed). */
  state: {
    version: number;
    fingerprint: string;
    date: string;
    number: string;
    partyType: string | null;
    partyId: string | null;
    partyName: string;
    lines: SentLine[];
  } | null;
};

/** The entry that undoes what an earlier export sent: every line the other way round. */
function reversalOf(source: JournalSource, recordId: string, state: State): ExportEntry {
  return {
    source: source.key,
    sourceLabel: capital(source.noun),
    recordId,
    date: state.date,
    number: state.number,
    name: state.partyName,
    memo: `Reverses ${state.number} as sent in export #${state.exportNumber}`,
    change: 'reversal',
    lines: state.lines.map((l) => ({ ...l, debitCents: l.creditCents, creditCents: l.debitCents })),
  };
}

/**
 * Compares a source's documents with what the books hold: new ones are sent, changed ones are
 * reversed and sent as they are now, ones gone from the books (void, deleted) are reversed, and
 * ones sent as they are skipped. Throws (by `refuse`) on a document that cannot be written.
 */
async function outcomesOf(
  db: Tx,
  firmId: string,
  source: JournalSource,
  input: Input,
  resolve: Resolve,
  refuse: (doc: JournalDocument, message: string) => Promise<never>,
) {
  const counts: ExportKindCounts = {
    key: source.key,
    label: source.label,
    sent: 0,
    changed: 0,
    reversed: 0,
    skipped: 0,
  };
  const states = await statesOf(db, firmId, source.key);
  const docs = new Map<string, JournalDocument>();
  for (const d of await source.documents(db, firmId, { from: input.from, to: input.to })) docs.set(d.id, d);
  // Every document sent before is looked at again, whatever its date: a change is never missed.
  const elsewhere = [...states.keys()].filter((id) => !docs.has(id));
  for (let i = 0; i < elsewhere.length; i += CHUNK)
    for (const d of await source.documents(db, firmId, { ids: elsewhere.slice(i, i + CHUNK) })) docs.set(d.id, d);

  const outcomes: Outcome[] = [];
  for (const doc of docs.values()) {
    const problem = problemOf(source, doc);
    if (problem) await refuse(doc, problem);
    const lines = doc.lines.filter((l) => l.debitCents > 0 || l.creditCents > 0);
    const state = states.get(doc.id);
    if (!lines.length && !state) continue;
    const fingerprint = fingerprintOf(doc, lines);
    if (state?.fingerprint === fingerprint) {
      if (doc.date >= input.from && doc.date <= input.to) counts.skipped++;
      continue;
    }
    const partyName = doc.party?.name ?? '';
    const entries: ExportEntry[] = state ? [reversalOf(source, doc.id, state)] : [];
    const sent = sentLines(lines, resolve);
    if (lines.length)
      entries.push({
        source: source.key,
        sourceLabel: capital(source.noun),
        recordId: doc.id,
        date: doc.date,
        number: doc.number,
        name: partyName,
        memo: state ? `${doc.memo} (changed since export #${state.exportNumber})` : doc.memo,
        change: state ? 'change' : 'new',
        lines: sent,
      });
    const change: ExportChange = !state ? 'new' : lines.length ? 'change' : 'reversal';
    counts[change === 'new' ? 'sent' : change === 'change' ? 'changed' : 'reversed']++;
    outcomes.push({
      source,
      recordId: doc.id,
      change,
      version: doc.version,
      party: doc.party,
      number: doc.number,
      sortDate: doc.date,
      entries,
      state: lines.length
        ? {
            version: doc.version,
            fingerprint,
            date: doc.date,
            number: doc.number,
            partyType: doc.party?.type ?? null,
            partyId: doc.party?.id ?? null,
            partyName,
            lines: sent,
          }
        : null,
    });
  }
  for (const [recordId, state] of states) {
    if (docs.has(recordId)) continue;
    counts.reversed++;
    outcomes.push({
      source,
      recordId,
      change: 'reversal',
      version: null,
      party: state.partyType
        ? {
            type: state.partyType as NonNullable<JournalDocument['party']>['type'],
            id: state.partyId,
            name: state.partyName,
          }
        : null,
      number: state.number,
      sortDate: state.date,
      entries: [reversalOf(source, recordId, state)],
      state: null,
    });
  }
  return { counts, outcomes };
}

/**
 * POST /accounting/export (decision 0047): one firm's exports run one at a time (the second waits
 * for the first to commit, then finds what it sent), so two never send a document twice. The
 * document types the person may not sync are left out and named in the log. The file is kept.
 */
export async function runExport(db: Tx, scoped: Scoped, actor: Actor, input: Input): Promise<AccountingExport> {
  const all = journalSources();
  const included = all.filter((s) => hasCode(actor.codes, s.syncCode));
  const leftOut = all
    .filter((s) => !included.includes(s))
    .map((s) => ({ key: s.key, label: s.label, code: s.syncCode }));
  if (!included.length)
    throw forbidden(
      'You may not send any kind of document to the accounting software: ask for a sync permission (codes 144–158).',
    );
  const { firmId } = actor;
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`accounting-export:${firmId}`}, 0))`);
  const resolve = await loadMapping(db, firmId);
  const base = {
    firmId,
    adapter: input.adapter,
    periodFrom: input.from,
    periodTo: input.to,
    leftOut,
    createdBy: actor.userId,
  };

  // A document that cannot be written stops the whole export; the failure is logged in a
  // transaction of its own (this one rolls back with the 409). Nobody else numbers exports of
  // the firm while this one holds the lock, so the log's number is free.
  const refuse =
    (source: JournalSource) =>
    async (doc: JournalDocument, message: string): Promise<never> => {
      await scoped(async (tx) => {
        const number = await nextNumber(tx, firmId, 'accounting_export');
        const [row] = await tx
          .insert(accountingExports)
          .values({ ...base, number, status: 'failed', error: message })
          .returning({ id: accountingExports.id });
        await recordAudit(tx, actor, {
          entityType: 'accounting_export',
          entityId: row!.id,
          action: 'export-failed',
          after: { export: `#${number}`, error: message },
        });
      });
      throw new HttpError(409, 'conflict', message, undefined, undefined, {
        href: `${source.kind.webPath}/${doc.id}`,
        label: doc.number,
      });
    };

  const kinds: ExportKindCounts[] = [];
  const outcomes: Outcome[] = [];
  for (const source of included) {
    const found = await outcomesOf(db, firmId, source, input, resolve, refuse(source));
    kinds.push(found.counts);
    outcomes.push(...found.outcomes);
  }
  // By date, then as the sources come: a change's reversal stays just before its new entry.
  const order = new Map(included.map((s, i) => [s.key, i]));
  outcomes.sort(
    (a, b) =>
      a.sortDate.localeCompare(b.sortDate) ||
      order.get(a.source.key)! - order.get(b.source.key)! ||
      a.number.localeCompare(b.number, 'en', { numeric: true }),
  );
  const entries = outcomes.flatMap((o) => o.entries);
  const lines = entries.flatMap((e) => e.lines);
  const debitCents = lines.reduce((s, l) => s + l.debitCents, 0);
  const creditCents = lines.reduce((s, l) => s + l.creditCents, 0);
  const content = ADAPTERS[input.adapter].render(entries);
  const number = await nextNumber(db, firmId, 'accounting_export');
  const sum = (key: 'sent' | 'changed' | 'reversed' | 'skipped') => kinds.reduce((s, k) => s + k[key], 0);
  const [run] = await db
    .insert(accountingExports)
    .values({
      ...base,
      number,
      status: 'done',
      sentCount: sum('sent'),
      changedCount: sum('changed'),
      reversedCount: sum('reversed'),
      skippedCount: sum('skipped'),
      kinds,
      fileName: `accounting-export-${number}-${input.from}-to-${input.to}.${ACCOUNTING_ADAPTER_INFO[input.adapter].extension}`,
      content,
      sha256: sha256Hex(content),
      entryCount: entries.length,
      lineCount: lines.length,
      debitCents,
      creditCents,
    })
    .returning({ id: accountingExports.id });
  const exportId = run!.id;

  for (let i = 0; i < outcomes.length; i += CHUNK) {
    const part = outcomes.slice(i, i + CHUNK);
    await db.insert(accountingExportDocuments).values(
      part.map((o) => ({
        firmId,
        exportId,
        source: o.source.key,
        recordId: o.recordId,
        number: o.number,
        change: o.change,
        version: o.version,
        partyType: o.party?.type ?? null,
        partyId: o.party?.id ?? null,
        partyName: o.party?.name ?? '',
      })),
    );
    const kept = part.filter((o) => o.state);
    if (kept.length)
      await db
        .insert(accountingSynced)
        .values(
          kept.map((o) => ({
            firmId,
            source: o.source.key,
            recordId: o.recordId,
            exportId,
            adapter: input.adapter,
            ...o.state!,
          })),
        )
        .onConflictDoUpdate({
          target: [accountingSynced.firmId, accountingSynced.source, accountingSynced.recordId],
          set: {
            version: sql`excluded.version`,
            fingerprint: sql`excluded.fingerprint`,
            adapter: sql`excluded.adapter`,
            exportId: sql`excluded.export_id`,
            date: sql`excluded.date`,
            number: sql`excluded.number`,
            partyType: sql`excluded.party_type`,
            partyId: sql`excluded.party_id`,
            partyName: sql`excluded.party_name`,
            lines: sql`excluded.lines`,
            syncedAt: sql`now()`,
          },
        });
    for (const source of included) {
      const gone = part.filter((o) => !o.state && o.source === source).map((o) => o.recordId);
      if (gone.length)
        await db
          .delete(accountingSynced)
          .where(
            and(
              eq(accountingSynced.firmId, firmId),
              eq(accountingSynced.source, source.key),
              inArray(accountingSynced.recordId, gone),
            ),
          );
    }
  }

  // One history entry for the run; each document's history shows it (accounting.module.ts).
  await recordAudit(db, actor, {
    entityType: 'accounting_export',
    entityId: exportId,
    action: 'export',
    after: {
      export: `#${number}`,
      adapter: ACCOUNTING_ADAPTER_INFO[input.adapter].label,
      period: `${input.from} to ${input.to}`,
      sent: sum('sent'),
      changed: sum('changed'),
      reversed: sum('reversed'),
    },
  });
  return exportOf(db, firmId, exportId);
}

/** DELETE /accounting/synced (105): forgets what was sent, so the next export sends every document again. */
export async function forgetSynced(db: Tx, actor: Actor): Promise<{ forgotten: number }> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`accounting-export:${actor.firmId}`}, 0))`);
  const gone = await db
    .delete(accountingSynced)
    .where(eq(accountingSynced.firmId, actor.firmId))
    .returning({ id: accountingSynced.id });
  if (gone.length)
    await recordAudit(db, actor, {
      entityType: 'accounting_mapping',
      entityId: actor.firmId,
      action: 'forget-synced',
      after: { forgotten: gone.length },
    });
  return { forgotten: gone.length };
}
