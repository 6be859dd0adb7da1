import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// The demo firm's operating account and a customer's job, found once the app is up.
let paidFrom = '';
let job = { _id: '', customer: '' };

describeRecordKind({
  kind: KINDS.expense,
  table: 'expenses',
  prepare: async (api) => {
    paidFrom = ((await api('GET', '/money-accounts')).body as unknown as { _id: string }[])[0]!._id;
    const jobs = (await api('GET', '/customer-jobs?limit=20')).body.items as {
      _id: string;
      customer: { _id: string } | null;
    }[];
    const withCustomer = jobs.find((j) => j.customer)!;
    job = { _id: withCustomer._id, customer: withCustomer.customer!._id };
  },
  create: (n) => ({ payee: `Conformance payee ${n}`, category: 'Materials', amountCents: 1_000 + n, paidFrom }),
  update: (record) => ({ payee: record.payee, category: 'Fuel', amountCents: 2_500, paidFrom }),
  changed: { field: 'amountCents', after: 2_500 },
  invalid: {
    body: { category: '', amountCents: 0, paidFrom: 'nope' },
    fields: ['category', 'amountCents', 'paidFrom'],
  },
  // Billed on the job's customer's invoice: it is not deleted.
  refer: async (api, record) => {
    const edited = await api('PUT', `/expenses/${record._id}`, {
      payee: record.payee,
      category: record.category,
      amountCents: record.amountCents,
      paidFrom,
      customerJob: job._id,
      billable: true,
      version: record.version,
    });
    if (edited.status !== 200) throw new Error(edited.text);
    const invoice = await api('POST', '/invoices', { customer: job.customer, expenses: [record._id] });
    if (invoice.status !== 201) throw new Error(invoice.text);
  },
});
