import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

const today = () => new Date().toISOString().slice(0, 10);

describeRecordKind({
  kind: KINDS.delivery_route,
  table: 'delivery_routes',
  create: (n) => ({ date: today(), vehicle: `Van ${n}`, notes: `Conformance route ${n}` }),
  update: (record) => ({
    date: record.date,
    vehicle: 'Box truck',
    notes: record.notes,
    stops: [],
  }),
  changed: { field: 'vehicle', after: 'Box truck' },
  invalid: {
    body: { date: 'soon', driver: 'nobody', stops: [{ order: 'x', windowStart: '25:00' }] },
    fields: ['date', 'driver', 'stops.0.order', 'stops.0.windowStart'],
  },
  searchBy: (record) => String(record.number),
});
