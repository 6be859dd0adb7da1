import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

const facts = (n: number) => ({
  state: 'CA',
  role: 'subcontractor',
  projectType: 'residential',
  firstFurnishingDate: '2026-01-05',
  propertyOwner: `Conformance owner ${n}`,
});

// One lien per job: each record gets a job of its own, made through the API first.
let job = '';

describeRecordKind({
  kind: KINDS.lien,
  table: 'liens',
  create: (n) => ({ customerJob: job, ...facts(n) }),
  make: async (api, n) => {
    const made = await api('POST', '/customer-jobs', { name: `Lien conformance job ${n}` });
    if (made.status !== 201) throw new Error(made.text);
    job = made.body._id as string;
    const lien = await api('POST', '/liens', { customerJob: job, ...facts(n) });
    if (lien.status !== 201) throw new Error(lien.text);
    return lien.body._id as string;
  },
  update: (record) => ({
    customerJob: (record.customerJob as { _id: string })._id,
    ...facts(0),
    propertyOwner: 'Changed owner',
  }),
  changed: { field: 'propertyOwner', after: 'Changed owner' },
  invalid: {
    body: { customerJob: 'nope', state: 'California', role: 'architect', projectType: 'castle' },
    fields: ['customerJob', 'state', 'role', 'projectType'],
  },
  searchBy: (record) => (record.name as string).replace('Lien · ', ''),
});
