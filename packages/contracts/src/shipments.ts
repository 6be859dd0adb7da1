import { z } from 'zod';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';
import { stockQuantity } from './stock';

export const SHIPMENT_DIRECTIONS = ['inbound', 'outbound'] as const;
export const SHIPMENT_DIRECTION_LABELS = { inbound: 'Inbound', outbound: 'Outbound' } as const;
export const SHIPMENT_STATUSES = ['booked', 'in_transit', 'delivered', 'exception'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  booked: 'Booked',
  in_transit: 'In transit',
  delivered: 'Delivered',
  exception: 'Exception',
};

/** Carriers whose tracking page is known: the tracking number becomes a link to it. */
const TRACKING: Record<string, (n: string) => string> = {
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  dhl: (n) => `https://www.dhl.com/en/express/tracking.html?AWB=${n}`,
};
export const KNOWN_CARRIERS = ['UPS', 'FedEx', 'USPS', 'DHL'] as const;

/** The carrier's tracking page for a number, when the carrier is one we know; else null. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const page = TRACKING[carrier.trim().toLowerCase()];
  const n = trackingNumber.trim();
  return page && n ? page(encodeURIComponent(n)) : null;
}

/** POST /shipments and PUT /shipments/{id}. Status changes go through the transitions. */
export const shipmentInputSchema = z.strictObject({
  direction: z.enum(SHIPMENT_DIRECTIONS, { error: 'Choose inbound or outbound.' }).default('inbound'),
  carrier: z.string().trim().min(1, 'Enter the carrier.').max(80, 'Use at most 80 characters.'),
  trackingNumber: z.string().trim().max(80, 'Use at most 80 characters.').default(''),
  shipDate: calendarDateSchema.nullable().default(null),
  expectedDate: calendarDateSchema.nullable().default(null),
  notes: z.string().trim().max(4000, 'Use at most 4,000 characters.').default(''),
  /** What an inbound shipment carries: purchase-order lines and how many of each. */
  lines: z
    .array(z.strictObject({ line: z.uuid('Choose a purchase-order line.'), quantity: stockQuantity('the quantity') }))
    .max(500, 'Use at most 500 lines.')
    .default([]),
});
export type ShipmentInput = z.input<typeof shipmentInputSchema>;

export const shipmentLineSchema = z.strictObject({
  line: z.uuid(),
  purchaseOrder: personRefSchema,
  /** The catalog item, or (no `_id`) what a line without one is and the vendor's SKU of it. */
  item: z.strictObject({ _id: z.uuid().nullable(), name: z.string(), sku: z.string() }),
  quantity: z.number(),
  /** What is still to arrive on its purchase-order line. */
  remaining: z.number(),
});

/** What an outbound shipment carries: an order's line, and how many of it were shipped. */
export const shipmentOrderLineSchema = z.strictObject({
  line: z.uuid(),
  order: personRefSchema,
  name: z.string(),
  sku: z.string(),
  quantity: z.number(),
});

/** A shipment as its page reads it (GET /shipments/{id}). */
export const shipmentSchema = z.strictObject({
  ...recordMetaShape,
  number: z.number().int(),
  name: z.string(),
  direction: z.enum(SHIPMENT_DIRECTIONS),
  status: z.enum(SHIPMENT_STATUSES),
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  shipDate: z.string().nullable(),
  expectedDate: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  notes: z.string(),
  lines: z.array(shipmentLineSchema),
  purchaseOrders: z.array(personRefSchema),
  /** Outbound: the orders' lines it carries (made when an order is handed over by shipment). */
  orderLines: z.array(shipmentOrderLineSchema),
  orders: z.array(personRefSchema),
});
export type Shipment = z.output<typeof shipmentSchema>;

export const shipmentRowSchema = z.strictObject({
  ...rowMetaShape,
  name: z.string(),
  direction: z.enum(SHIPMENT_DIRECTIONS),
  status: z.enum(SHIPMENT_STATUSES),
  carrier: z.string(),
  trackingNumber: z.string(),
  expectedDate: z.string().nullable(),
  purchaseOrders: z.string(),
  orders: z.string(),
});
export type ShipmentRow = z.output<typeof shipmentRowSchema>;
