import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers';
import { buildSearchText } from '../../platform/lists/list';

let t: TestApp;
let db: pg.Client;

beforeAll(async () => {
  t = await startTestApp({ demo: false });
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await t.close();
});

const inSql = async (parts: string[], phones?: string[]) =>
  (
    await db.query<{ text: string }>(
      phones ? 'SELECT search_text_of($1::text[], $2::text[]) AS text' : 'SELECT search_text_of($1::text[]) AS text',
      phones ? [parts, phones] : [parts],
    )
  ).rows[0]!.text;

describe('search_text_of (imports write search text in SQL)', () => {
  it('makes what buildSearchText makes of names, SKUs and tags', async () => {
    for (const parts of [
      ['Walnut shelf', 'IMP-1', 'oak', 'kitchen'],
      ['Base cabinet 24"', 'BC-24-W', ''],
      ['Postcode 100-0001 and (207) 555-0134', 'X.1/2', 'tag 12 34'],
      ['Étagère ÉCRU', 'EU-1'],
      [''],
      [],
    ])
      expect(await inSql(parts), JSON.stringify(parts)).toBe(buildSearchText(parts));
  });

  it('agrees on any mix of letters, digits and separators', async () => {
    const part = fc.stringMatching(/^[A-Za-z0-9 ().+\-/#"]{0,24}$/);
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 5 }), async (parts) => {
        expect(await inSql(parts)).toBe(buildSearchText(parts));
      }),
      { numRuns: 300 },
    );
  });

  it('and with phone numbers, as vendors have them', async () => {
    expect(await inSql(['Pemberton', 'orders@p.test', 'ACC-12 34'], ['(207) 555-0134'])).toBe(
      buildSearchText(['Pemberton', 'orders@p.test', 'ACC-12 34'], ['(207) 555-0134']),
    );
    const part = fc.stringMatching(/^[A-Za-z0-9 ().+-]{0,20}$/);
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 4 }), fc.array(part, { maxLength: 2 }), async (parts, phones) => {
        expect(await inSql(parts, phones)).toBe(buildSearchText(parts, phones));
      }),
      { numRuns: 200 },
    );
  });
});
