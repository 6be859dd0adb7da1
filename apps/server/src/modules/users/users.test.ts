import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEDAR_ROW_ID, HARBOR_PINE_ID, startTestApp, type TestApp } from '../../../test/helpers';
import { inScope } from '../../db/tenancy';
import { createUser } from './users.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const add = (firmId: string, kind: 'staff' | 'customer', email: string) =>
  inScope(t.database.db, { firmId }, (tx) =>
    createUser(tx, { firmId, userId: null }, { kind, email, firstName: 'Test' }),
  );

describe('email addresses', () => {
  it('are unique among staff across every firm, ignoring case', async () => {
    await expect(add(CEDAR_ROW_ID, 'staff', 'Sales@Demo.Test')).rejects.toThrow(
      'sales@demo.test is already in use by another account.',
    );
  });

  it('are unique among customers within one firm only', async () => {
    await add(HARBOR_PINE_ID, 'customer', 'pat@client.test');
    await expect(add(HARBOR_PINE_ID, 'customer', 'PAT@client.test')).rejects.toThrow('already in use');
    await expect(add(CEDAR_ROW_ID, 'customer', 'pat@client.test')).resolves.toMatchObject({ email: 'pat@client.test' });
  });

  it('may belong to a staff member and to a customer at once', async () => {
    await expect(add(CEDAR_ROW_ID, 'customer', 'owner@demo.test')).resolves.toMatchObject({ kind: 'customer' });
  });
});
