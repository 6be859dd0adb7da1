import type { Address, DeliveryRoute, DeliveryStop, StopStatus, ToDeliver } from '@atelier/contracts';
import { localToday } from './stop-words';

/** A stop as the planner's form keeps it: the contract's input, every part said. */
export type StopValues = {
  id?: string;
  order: string;
  lines: { line: string; quantity: number }[];
  address: Address | null;
  windowStart: string | null;
  windowEnd: string | null;
  notes: string;
};

export type RouteValues = {
  date: string;
  driver: string | null;
  vehicle: string;
  notes: string;
  stops: StopValues[];
};

/** What the planner shows of a stop besides its inputs: whose order, where, and its lines' names. */
export type StopInfo = {
  orderName: string;
  customerName: string;
  address: Address | null;
  status: StopStatus;
  /** Lines a failed stop put back. */
  failedBefore: boolean;
  lines: Map<string, { name: string; sku: string; unit: string; max: number }>;
};

export type ToDeliverOrder = ToDeliver[number];

export const stopValues = (stop: DeliveryStop): StopValues => ({
  id: stop._id,
  order: stop.order._id,
  lines: stop.lines.map((l) => ({ line: l.line, quantity: l.quantity })),
  address: stop.address,
  windowStart: stop.windowStart,
  windowEnd: stop.windowEnd,
  notes: stop.notes,
});

export const routeValues = (record: DeliveryRoute | undefined): RouteValues => ({
  date: record?.date ?? localToday(),
  driver: record?.driver?._id ?? null,
  vehicle: record?.vehicle ?? '',
  notes: record?.notes ?? '',
  stops: (record?.stops ?? []).map(stopValues),
});

export const infoOfStop = (stop: DeliveryStop): StopInfo => ({
  orderName: stop.order.name,
  customerName: stop.customer.name,
  address: stop.address,
  status: stop.status,
  failedBefore: false,
  lines: new Map(stop.lines.map((l) => [l.line, { name: l.name, sku: l.sku, unit: l.unit, max: l.quantity }])),
});

export const infoOfOrder = (entry: ToDeliverOrder): StopInfo => ({
  orderName: entry.order.name,
  customerName: entry.customer.name,
  address: entry.address,
  status: 'scheduled',
  failedBefore: entry.failedBefore,
  lines: new Map(entry.lines.map((l) => [l.line, { name: l.name, sku: l.sku, unit: l.unit, max: l.quantity }])),
});

/** A new stop carrying all an order has left to deliver, at the order's delivery address. */
export const newStop = (entry: ToDeliverOrder): StopValues => ({
  order: entry.order._id,
  lines: entry.lines.map((l) => ({ line: l.line, quantity: l.quantity })),
  address: null,
  windowStart: null,
  windowEnd: null,
  notes: '',
});
