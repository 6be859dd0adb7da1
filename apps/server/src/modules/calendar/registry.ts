import { CALENDAR_KINDS, type CalendarKind } from '@atelier/contracts';
import type { Actor } from '../../platform/http/access';
import type { CalendarSource } from './sources';
import { deliverySource } from './sources/deliveries.source';
import { jobSource } from './sources/jobs.source';
import { leadSource } from './sources/leads.source';
import { lienSource } from './sources/liens.source';
import { purchaseOrderSource } from './sources/purchase-orders.source';
import { quoteSource } from './sources/quotes.source';
import { taskSource } from './sources/tasks.source';

/** Every kind the calendar shows, each declared once in its own file; in the contract's order. */
export const SOURCES: readonly CalendarSource[] = [
  taskSource,
  jobSource,
  deliverySource,
  quoteSource,
  leadSource,
  purchaseOrderSource,
  lienSource,
];

if (SOURCES.map((s) => s.kind).join() !== CALENDAR_KINDS.join())
  throw new Error('The calendar has one source for each of CALENDAR_KINDS, in their order.');

export const sourceOf = (kind: CalendarKind) => SOURCES.find((s) => s.kind === kind)!;

/** The kinds this person may see on the calendar. */
export const visibleSources = (actor: Actor) => SOURCES.filter((s) => s.visible(actor));
