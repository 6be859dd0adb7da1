import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A line of a sent demo purchase order, found once the app is up.
let line = '';

describeRecordKind({
  kind: KINDS.shipment,
  table: 'shipments',
  prepare: async (api) => {
    const orders = (await api('GET', '/purchase-orders?filter[state][]=sent&limit=1')).body.items as { _id: string }[];
    const order = (await api('GET', `/purchase-orders/${orders[0]!._id}`)).body as { lines: { id: string }[] };
    line = order.lines[0]!.id;
  },
  create: (n) => ({
    carrier: 'FedEx',
    trackingNumber: `7712${String(n).padStart(8, '0')}`,
    notes: `Conformance freight ${n}`,
    lines: [{ line, quantity: 1 }],
  }),
  update: (record) => ({ carrier: record.carrier, trackingNumber: record.trackingNumber, notes: 'Two pallets' }),
  changed: { field: 'notes', after: 'Two pallets' },
  invalid: {
    body: { carrier: '', direction: 'sideways', lines: [{ line: 'x', quantity: 0 }] },
    fields: ['carrier', 'direction', 'lines.0.line', 'lines.0.quantity'],
  },
  searchBy: (record) => String(record.trackingNumber),
  transitions: [
    { name: 'mark-in-transit', code: 'modify' },
    { name: 'mark-exception', code: 'modify' },
    { name: 'mark-delivered', code: 'modify' },
  ],
});
