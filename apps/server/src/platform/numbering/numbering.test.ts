import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEDAR_ROW_ID, HARBOR_PINE_ID, startTestApp, type TestApp } from '../../../test/helpers';
import { inScope } from '../../db/tenancy';
import { nextNumber } from './numbering.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('nextNumber', () => {
  it('never hands out a number twice, even to many concurrent transactions', async () => {
    const take = () =>
      inScope(t.database.db, { firmId: HARBOR_PINE_ID }, async (tx) => {
        // A key of its own: the demo firm's orders already hold numbers of theirs.
        const n = await nextNumber(tx, HARBOR_PINE_ID, 'test-sequence');
        await new Promise((resolve) => setTimeout(resolve, 5)); // hold the row lock a moment
        return n;
      });
    const numbers = await Promise.all(Array.from({ length: 50 }, take));
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('keeps sequences per firm and per key', async () => {
    const cedar = await inScope(t.database.db, { firmId: CEDAR_ROW_ID }, (tx) => nextNumber(tx, CEDAR_ROW_ID, 'order'));
    const invoice = await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, (tx) =>
      nextNumber(tx, HARBOR_PINE_ID, 'numbering-test'),
    );
    expect([cedar, invoice]).toEqual([1, 1]);
  });

  it('gives a rolled-back number to the next creator instead of leaving a gap', async () => {
    await expect(
      inScope(t.database.db, { firmId: CEDAR_ROW_ID }, async (tx) => {
        await nextNumber(tx, CEDAR_ROW_ID, 'quote');
        throw new Error('create failed');
      }),
    ).rejects.toThrow();
    expect(await inScope(t.database.db, { firmId: CEDAR_ROW_ID }, (tx) => nextNumber(tx, CEDAR_ROW_ID, 'quote'))).toBe(
      1,
    );
  });
});
