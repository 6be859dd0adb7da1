import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// Waivers are papers of a lien: the first one made makes a job and its lien through the API.
let lien = '';

const waiver = (n: number) => ({
  lien,
  direction: 'received',
  condition: 'conditional',
  scope: 'progress',
  party: `Conformance tile setter ${n}`,
  amountCents: 1000 + n,
  throughDate: '2026-06-30',
});

describeRecordKind({
  kind: KINDS.lien_waiver,
  table: 'lien_waivers',
  create: (n) => waiver(n),
  make: async (api, n) => {
    if (!lien) {
      const job = await api('POST', '/customer-jobs', { name: `Waiver conformance job ${n}` });
      if (job.status !== 201) throw new Error(job.text);
      const made = await api('POST', '/liens', {
        customerJob: job.body._id,
        state: 'CA',
        role: 'prime',
        projectType: 'residential',
      });
      if (made.status !== 201) throw new Error(made.text);
      lien = made.body._id as string;
    }
    const r = await api('POST', '/lien-waivers', waiver(n));
    if (r.status !== 201) throw new Error(r.text);
    return r.body._id as string;
  },
  update: () => ({ ...waiver(0), party: 'Changed party' }),
  changed: { field: 'party', after: 'Changed party' },
  invalid: {
    body: { lien: 'nope', direction: 'sideways', condition: 'maybe', scope: 'all', amountCents: -5 },
    fields: ['lien', 'direction', 'condition', 'scope', 'amountCents'],
  },
});
