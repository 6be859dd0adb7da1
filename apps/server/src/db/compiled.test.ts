import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEDAR_ROW_ID, HARBOR_PINE_ID, startTestApp, type TestApp } from '../../test/helpers';
import { customers } from '../modules/customers/customers.table';
import { personColumn } from '../platform/records/record-table';
import type { Db } from './client';
import { compiledSelect } from './compiled';
import { PREPARE_AFTER, statementName } from './prepared';
import { inScope } from './tenancy';

let t: TestApp;
let db: Db;
let ids: string[];

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  ids = await inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) =>
    (await tx.select({ id: customers.id }).from(customers).limit(5)).map((r) => r.id),
  );
  expect(ids.length).toBe(5);
});
afterAll(() => t.close());

// Every kind of field a read selects: a whole table (dates, json, arrays, generated text), a
// typed expression, a person as json, and a nested object.
const selection = {
  row: customers,
  archived: sql<boolean>`${customers.archivedAt} IS NOT NULL`,
  updatedByPerson: personColumn(customers.updatedBy),
  nested: { created: customers.createdAt, tags: customers.tags },
};
const compiled = compiledSelect<Record<string, unknown>>(selection, (q) =>
  q.from(customers).where(sql`${customers.id} = ANY(${sql.placeholder('ids')}::uuid[])`),
);
const byDrizzle = (tx: Db | Parameters<Parameters<Db['transaction']>[0]>[0], wanted: string[]) =>
  tx.select(selection).from(customers).where(inArray(customers.id, wanted));
const sorted = (rows: Record<string, unknown>[]) =>
  [...rows].sort((a, b) => String((a.row as { id: string }).id).localeCompare((b.row as { id: string }).id));

describe('a compiled select', () => {
  it('gives exactly what drizzle gives, in a request transaction, run after run', async () => {
    await inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const expected = sorted(await byDrizzle(tx, ids));
      expect(expected.length).toBe(5);
      expect((expected[0]!.row as { createdAt: unknown }).createdAt).toBeInstanceOf(Date);
      for (let run = 0; run < PREPARE_AFTER + 2; run++) expect(sorted(await compiled(tx, { ids }))).toEqual(expected);
      expect(await compiled(tx, { ids: [] })).toEqual([]);
    });
  });

  it('stays inside the firm: another firm in scope reads none of the rows', async () => {
    await inScope(db, { firmId: CEDAR_ROW_ID }, async (tx) => {
      expect(await compiled(tx, { ids })).toEqual([]);
    });
  });

  it('runs through drizzle outside a request transaction (a nested one), with the same result', async () => {
    await inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const expected = sorted(await byDrizzle(tx, ids));
      const nested = await tx.transaction(async (inner) => compiled(inner, { ids }));
      expect(sorted(nested)).toEqual(expected);
    });
  });
});

describe('repeated statements', () => {
  it('are named after being seen PREPARE_AFTER times, always with the same name', () => {
    const text = `SELECT $1::int AS n -- ${Math.random()}`;
    const names = Array.from({ length: PREPARE_AFTER + 2 }, () => statementName(text));
    expect(names.slice(0, PREPARE_AFTER - 1)).toEqual(Array(PREPARE_AFTER - 1).fill(undefined));
    expect(names[PREPARE_AFTER - 1]).toMatch(/^atelier_\d+$/);
    expect(new Set(names.slice(PREPARE_AFTER - 1)).size).toBe(1);
  });

  it('are prepared once on a pooled connection and then run by name, with the same answers', async () => {
    const read = (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) =>
      tx.select({ id: customers.id, firstName: customers.firstName }).from(customers).where(eq(customers.id, ids[0]!));
    const answers: unknown[] = [];
    // One connection at a time, so the statement comes back to the same one.
    for (let run = 0; run < PREPARE_AFTER + 3; run++) {
      answers.push(await inScope(db, { firmId: HARBOR_PINE_ID }, read));
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const prepared = await inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) =>
      (await tx.execute<{ statement: string }>(sql`SELECT statement FROM pg_prepared_statements`)).rows.map(
        (r) => r.statement,
      ),
    );
    expect(prepared.some((s) => s.includes('"first_name"') && s.includes('"customers"."id" = $1'))).toBe(true);
    // A text without values (it may hold several statements) is never named.
    expect(prepared.every((s) => /\$\d/.test(s))).toBe(true);
  });
});
