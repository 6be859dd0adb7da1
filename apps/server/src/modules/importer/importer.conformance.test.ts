import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

describeRecordKind({
  kind: KINDS.import,
  table: 'imports',
  create: (n) => ({ name: `Conformance ${n}` }),
  // An importer document is opened by uploading its file.
  make: async (api, n) => {
    const r = await api(
      'POST',
      `/imports?kind=category&name=conformance-${n}.csv`,
      `Category\nConformance ${n}\n`,
      undefined,
      {
        'content-type': 'text/csv',
      },
    );
    if (r.status !== 201) throw new Error(r.text);
    return String(r.body._id);
  },
  update: () => ({ name: 'Spring price list', notes: 'From the vendor’s email' }),
  changed: { field: 'notes', after: 'From the vendor’s email' },
  invalid: { body: { name: '', notes: 5 }, fields: ['name', 'notes'] },
});
