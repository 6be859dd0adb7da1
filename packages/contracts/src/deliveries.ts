import { z } from 'zod';
import { MAX_SIGNATURE_BYTES } from './proposals';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';
import { addressSchema } from './warehouses';

export const ROUTE_STATUSES = ['scheduled', 'in_progress', 'completed'] as const;
export type RouteStatus = (typeof ROUTE_STATUSES)[number];
export const ROUTE_STATUS_LABELS: Record<RouteStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'Out',
  completed: 'Completed',
};

export const STOP_STATUSES = ['scheduled', 'out', 'delivered', 'failed'] as const;
export type StopStatus = (typeof STOP_STATUSES)[number];
export const STOP_STATUS_LABELS: Record<StopStatus, string> = {
  scheduled: 'Scheduled',
  out: 'On the way',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** Stops one route may have, photos one proof may carry. */
export const MAX_ROUTE_STOPS = 60;
export const MAX_PROOF_PHOTOS = 10;

const words = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max.toLocaleString('en-US')} characters.`);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeSchema = z.string().regex(TIME, 'Use a time like 09:30.');
const quantity = z.coerce
  .number({ error: 'Enter the quantity.' })
  .gt(0, 'Use more than 0.')
  .max(1_000_000, 'Use at most 1,000,000.')
  .refine((v) => Math.round(v * 10_000) === v * 10_000, 'Use at most four decimals.');

/** A stop as a route's plan writes it: an order's delivery (some lines, or all left to deliver). */
export const deliveryStopInputSchema = z
  .strictObject({
    /** An existing stop's id, when editing the route. */
    id: z.uuid().optional(),
    order: z.uuid('Choose an order from the list.'),
    /** The lines and quantities it carries: every line left to deliver unless said. */
    lines: z
      .array(z.strictObject({ line: z.uuid('Not a line of this order.'), quantity }))
      .max(200)
      .nullable()
      .default(null),
    /** Where it goes: the order's delivery address unless said. */
    address: addressSchema.nullable().default(null),
    windowStart: timeSchema.nullable().default(null),
    windowEnd: timeSchema.nullable().default(null),
    notes: words(1000).default(''),
  })
  .superRefine((s, ctx) => {
    if (s.windowStart && s.windowEnd && s.windowEnd <= s.windowStart)
      ctx.addIssue({ code: 'custom', path: ['windowEnd'], message: 'End the window after it starts.' });
  });
export type DeliveryStopInput = z.input<typeof deliveryStopInputSchema>;

/**
 * POST /delivery-routes and PUT /delivery-routes/{id}: the day, the driver and vehicle, and the
 * stops in the order they are driven. A stop already on its way, delivered or failed stays as it
 * is (name it by id; its order and lines do not change).
 */
export const deliveryRouteInputSchema = z.strictObject({
  date: calendarDateSchema,
  driver: z.uuid('Choose a driver from the list.').nullable().default(null),
  vehicle: words(60).default(''),
  notes: words(2000).default(''),
  stops: z.array(deliveryStopInputSchema).max(MAX_ROUTE_STOPS, `Use at most ${MAX_ROUTE_STOPS} stops.`).default([]),
});
export type DeliveryRouteInput = z.input<typeof deliveryRouteInputSchema>;

const imageSchema = z.strictObject({ _id: z.uuid(), url: z.string() });

export const deliveryStopLineSchema = z.strictObject({
  _id: z.uuid(),
  /** The order's line it carries. */
  line: z.uuid(),
  name: z.string(),
  sku: z.string(),
  unit: z.string(),
  quantity: z.number(),
});

export const deliveryDamageSchema = z.strictObject({
  line: z.uuid(),
  name: z.string(),
  quantity: z.number(),
  note: z.string(),
  photos: z.array(imageSchema),
});

/** What the driver recorded at the door. */
export const deliveryProofSchema = z.strictObject({
  recipientName: z.string(),
  notes: z.string(),
  deliveredAt: z.string(),
  photos: z.array(imageSchema),
  signatureUrl: z.string().nullable(),
  damages: z.array(deliveryDamageSchema),
  recordedBy: personRefSchema.nullable(),
});

export const deliveryStopSchema = z.strictObject({
  _id: z.uuid(),
  position: z.number().int(),
  status: z.enum(STOP_STATUSES),
  order: z.strictObject({ _id: z.uuid(), name: z.string(), status: z.string() }),
  customer: z.strictObject({ _id: z.uuid(), name: z.string(), phone: z.string() }),
  address: addressSchema.nullable(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  notes: z.string(),
  lines: z.array(deliveryStopLineSchema),
  failureReason: z.string(),
  proof: deliveryProofSchema.nullable(),
});
export type DeliveryStop = z.output<typeof deliveryStopSchema>;

/** A route as its page reads it (GET /delivery-routes/{id}). */
export const deliveryRouteSchema = z.strictObject({
  ...recordMetaShape,
  number: z.string(),
  name: z.string(),
  date: z.string(),
  status: z.enum(ROUTE_STATUSES),
  driver: personRefSchema.nullable(),
  vehicle: z.string(),
  notes: z.string(),
  stops: z.array(deliveryStopSchema),
});
export type DeliveryRoute = z.output<typeof deliveryRouteSchema>;

/** A row of the routes list (GET /delivery-routes). */
export const deliveryRouteRowSchema = z.strictObject({
  ...rowMetaShape,
  number: z.string(),
  name: z.string(),
  date: z.string(),
  status: z.enum(ROUTE_STATUSES),
  driver: personRefSchema.nullable(),
  vehicle: z.string(),
  stopCount: z.number().int(),
  deliveredCount: z.number().int(),
});
export type DeliveryRouteRow = z.output<typeof deliveryRouteRowSchema>;

/** GET /delivery-routes/to-deliver: confirmed orders with lines left to deliver that no live stop carries. */
export const toDeliverSchema = z.array(
  z.strictObject({
    order: z.strictObject({ _id: z.uuid(), name: z.string() }),
    customer: z.strictObject({ _id: z.uuid(), name: z.string() }),
    address: addressSchema.nullable(),
    /** A failed stop put these back. */
    failedBefore: z.boolean(),
    lines: z.array(
      z.strictObject({ line: z.uuid(), name: z.string(), sku: z.string(), unit: z.string(), quantity: z.number() }),
    ),
  }),
);
export type ToDeliver = z.output<typeof toDeliverSchema>;

/** POST /delivery-routes/{id}/stops/{stop}/fail. */
export const stopFailSchema = z.strictObject({
  reason: words(500).min(1, 'Say why it could not be delivered.'),
});
export type StopFailInput = z.input<typeof stopFailSchema>;

/**
 * POST /delivery-routes/{id}/stops/{stop}/deliver: the proof of delivery. Photos are uploaded
 * first (POST /files); the signature is the pad's PNG. Sent with an Idempotency-Key, so a proof
 * sent again on a flaky connection is stored once.
 */
export const stopDeliverSchema = z.strictObject({
  recipientName: words(200).min(1, 'Enter who received it.'),
  notes: words(2000).default(''),
  photos: z
    .array(z.uuid('Upload the photo again.'))
    .max(MAX_PROOF_PHOTOS, `Use at most ${MAX_PROOF_PHOTOS} photos.`)
    .default([]),
  signature: z
    .string()
    .max(Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 64, 'The signature is too large: clear it and sign again.')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'Sign in the box: the signature must be a drawn image.')
    .nullable()
    .default(null),
  /** Items that arrived damaged: delivered all the same, recorded for a return. */
  damages: z
    .array(
      z.strictObject({
        line: z.uuid('Not a line of this stop.'),
        quantity,
        note: words(500).default(''),
        photos: z.array(z.uuid('Upload the photo again.')).max(MAX_PROOF_PHOTOS).default([]),
      }),
    )
    .max(50)
    .default([]),
});
export type StopDeliverInput = z.input<typeof stopDeliverSchema>;
