import { SETTINGS_KINDS } from '@atelier/contracts';
import { expect } from 'vitest';
import { describeSettingsKind } from '../../../test/settings-conformance';

describeSettingsKind({
  kind: SETTINGS_KINDS.moneyAccount,
  table: 'money_accounts',
  create: (n) => ({ name: `Conformance card ${n}`, type: 'card', lastFour: String(1000 + n) }),
  update: (record) => ({ name: `${record.name} renamed`, type: 'card', lastFour: record.lastFour }),
  changed: { field: 'name', after: expect.stringMatching(/ renamed$/) },
  invalid: { body: { name: '', type: 'gold', lastFour: '12' }, fields: ['name', 'type', 'lastFour'] },
  // An expense paid from it: it stays.
  refer: async (api, record) => {
    const r = await api('POST', '/expenses', {
      payee: 'Harbor Fuel',
      category: 'Fuel',
      amountCents: 4_000,
      paidFrom: record._id,
    });
    if (r.status !== 201) throw new Error(r.text);
  },
});
