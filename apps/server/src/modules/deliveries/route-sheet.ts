import type { DeliveryRoute } from '@atelier/contracts';
import type { Executor } from '../../db/client';
import type { LocalFileStorage } from '../../platform/files/storage';
import { documentFirm, pdfAddressLines, pdfDay, pdfQuantity } from '../../platform/pdf/document-parts';
import { renderDocumentPdf } from '../../platform/pdf/document-pdf';
import { getSettings } from '../../platform/settings/settings.service';

const window = (s: DeliveryRoute['stops'][number]) =>
  s.windowStart || s.windowEnd ? `${s.windowStart ?? '…'}–${s.windowEnd ?? '…'}` : 'Any time';

/**
 * The driver's printed route sheet: the stops in the order they are driven (who, where, when,
 * what, how to call), then what to load, each item summed over the route.
 */
export async function routeSheetPdf(
  db: Executor,
  firmId: string,
  storage: LocalFileStorage,
  route: DeliveryRoute,
): Promise<Buffer> {
  const settings = await getSettings(db, firmId, { banking: false });
  const load = new Map<string, { name: string; sku: string; unit: string; quantity: number }>();
  for (const stop of route.stops.filter((s) => s.status === 'scheduled' || s.status === 'out'))
    for (const l of stop.lines) {
      const key = `${l.sku}|${l.name}|${l.unit}`;
      const was = load.get(key);
      load.set(key, { name: l.name, sku: l.sku, unit: l.unit, quantity: (was?.quantity ?? 0) + l.quantity });
    }
  const unit = (u: string) => (u === 'each' ? '' : ` ${u.replace('_', ' ')}`);
  return renderDocumentPdf({
    ...(await documentFirm(db, storage, settings)),
    title: 'Route sheet',
    number: route.number,
    meta: [
      { label: 'Date', value: pdfDay(route.date) },
      { label: 'Driver', value: route.driver?.name ?? 'Not assigned' },
      ...(route.vehicle ? [{ label: 'Vehicle', value: route.vehicle }] : []),
      { label: 'Stops', value: String(route.stops.length) },
    ],
    parties: [],
    columns: [
      { key: 'n', label: '#', align: 'right', width: 4 },
      { key: 'stop', label: 'Stop', align: 'left', width: 40 },
      { key: 'window', label: 'Window', align: 'left', width: 14 },
      { key: 'items', label: 'Deliver', align: 'left', width: 42 },
    ],
    rows: route.stops.map((s, i) => ({
      n: String(i + 1),
      stop: [s.customer.name, ...pdfAddressLines(s.address)].join('\n'),
      window: window(s),
      items: s.lines.map((l) => `${pdfQuantity(l.quantity)}${unit(l.unit)} × ${l.name}`).join('\n'),
      sub: [
        s.order.name,
        s.customer.phone ? `Call ${s.customer.phone}` : '',
        s.notes,
        s.status === 'scheduled' ? '' : `Status: ${s.status}`,
      ]
        .filter(Boolean)
        .join(' · '),
    })),
    totals: [],
    notes: [
      {
        heading: 'What to load',
        text: load.size
          ? [...load.values()]
              .map((l) => `${pdfQuantity(l.quantity)}${unit(l.unit)} × ${l.name}${l.sku ? ` (${l.sku})` : ''}`)
              .join('\n')
          : 'Nothing is left to deliver on this route.',
      },
      ...(route.notes ? [{ heading: 'Notes', text: route.notes }] : []),
    ],
  });
}
