import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A customer of the demo firm, found once the app is up.
let customer = '';

const site = (n: number) => ({ line1: `${n} Conformance Way`, city: 'Portland', region: 'ME', postalCode: '04101' });

describeRecordKind({
  kind: KINDS.customer_job,
  table: 'customer_jobs',
  prepare: async (api) => {
    customer = ((await api('GET', '/customers?limit=1')).body.items as { _id: string }[])[0]!._id;
  },
  create: (n) => ({ customer, name: `Conformance remodel ${n}`, site: site(n), startDate: '2026-03-02' }),
  update: (record) => ({
    customer,
    name: String(record.name),
    site: record.site,
    startDate: '2026-03-02',
    budgetRevenueCents: 12_500_00,
  }),
  changed: { field: 'budgetRevenueCents', after: 12_500_00 },
  invalid: {
    body: { customer: 'nobody', name: '', startDate: '2026-05-01', endDate: '2026-04-01', budgetCostCents: -1 },
    fields: ['customer', 'name', 'endDate', 'budgetCostCents'],
  },
  searchBy: (record) => String(record.name),
  transitions: [
    { name: 'start', code: 'modify' },
    { name: 'hold', code: 'modify' },
  ],
});
