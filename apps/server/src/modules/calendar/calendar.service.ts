import {
  type CalendarAnswer,
  type CalendarItem,
  type CalendarKind,
  calendarAddDays,
  type calendarMoveSchema,
  type calendarQuerySchema,
  KINDS,
  recordHref,
} from '@atelier/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import { sourceOf, visibleSources } from './registry';
import type { CalendarSource, SourceRow, Window } from './sources';

type Query = z.output<typeof calendarQuerySchema>;
type Move = z.output<typeof calendarMoveSchema>;

/** A source's row as the calendar shows it: whole days, its page, and whether this viewer may drag it. */
function itemOf(source: CalendarSource, actor: Actor, row: SourceRow): CalendarItem {
  const { move } = source;
  return {
    _id: row.id,
    kind: source.kind,
    title: row.title,
    subtitle: row.subtitle,
    start: row.start,
    end: calendarAddDays(row.end, 1),
    allDay: true,
    href: recordHref(KINDS[source.kind], row.id),
    person: row.person,
    status: row.status,
    editable: Boolean(move?.allowed(actor, row) && !move?.refuse?.(row)),
    version: row.version,
  };
}

/** The items of the sources given, in a window, by day. One query after another: they share the request's connection. */
export async function itemsOf(
  db: Executor,
  actor: Actor,
  sources: readonly CalendarSource[],
  window: Window,
): Promise<CalendarItem[]> {
  const items: CalendarItem[] = [];
  for (const source of sources)
    for (const row of await source.rows(db, actor, window)) items.push(itemOf(source, actor, row));
  return items.sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title));
}

/** GET /calendar: the days asked for, of the kinds asked for among those the viewer may see. */
export async function calendarItems(db: Executor, actor: Actor, query: Query): Promise<CalendarAnswer> {
  const visible = visibleSources(actor);
  const wanted = query.kinds.length ? visible.filter((s) => query.kinds.includes(s.kind)) : visible;
  return {
    items: await itemsOf(db, actor, wanted, { from: query.from, to: query.to, people: query.people }),
    kinds: visible.map((s) => s.kind),
  };
}

/** One record as the calendar shows it to this viewer, or a 404 when they do not see it there. */
async function itemRow(db: Executor, actor: Actor, kind: CalendarKind, id: string): Promise<SourceRow> {
  const source = sourceOf(kind);
  const [row] = source.visible(actor) ? await source.rows(db, actor, { people: [], ids: [id] }) : [];
  if (!row) throw notFound(`This ${KINDS[kind].noun} is not on your calendar.`);
  return row;
}

/**
 * POST /calendar/move: an item dragged to another day, saved as an edit of its record made on
 * the version the calendar showed (a stale one is a 409, as on the record's page).
 */
export async function moveItem(db: Executor, actor: Actor, body: Move): Promise<CalendarItem> {
  const source = sourceOf(body.kind);
  const { noun } = KINDS[body.kind];
  const row = await itemRow(db, actor, body.kind, body.id);
  const { move } = source;
  if (!move)
    throw badRequest(`A ${noun}'s date is changed on its page.`, {
      kind: 'Only tasks, jobs and deliveries move here.',
    });
  if (!move.allowed(actor, row)) throw forbidden(`You do not have permission to move this ${noun}.`);
  // What the calendar showed is current: its state decides. Otherwise the edit's version check says it changed.
  const refused = row.version === body.version ? move.refuse?.(row) : null;
  if (refused) throw conflict(refused);
  await move.run(db, actor, body.id, body.version, body.date);
  return itemOf(source, actor, await itemRow(db, actor, body.kind, body.id));
}
