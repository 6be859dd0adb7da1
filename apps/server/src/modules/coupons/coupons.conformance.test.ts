import { SETTINGS_KINDS } from '@atelier/contracts';
import { describeSettingsKind } from '../../../test/settings-conformance';

describeSettingsKind({
  kind: SETTINGS_KINDS.coupon,
  table: 'coupons',
  create: (n) => ({ code: `CONF${n}`, kind: 'percent', percent: 5 }),
  update: (record) => ({ code: record.code, kind: 'amount', amountCents: 1_500 }),
  changed: { field: 'amountCents', after: 1_500 },
  invalid: {
    body: { code: 'x', kind: 'percent', percent: 150, startsOn: '2026-12-31', endsOn: '2026-01-01' },
    fields: ['code', 'percent', 'endsOn'],
  },
});
