import type { Executor } from '../../db/client';
import type { Actor } from '../http/access';

/**
 * What happens in one module that another may act on, with what it says. A module that acts on
 * one registers a reaction in its manifest; the module it happens in only announces it, and
 * knows nothing of who listens (a lead won makes a first-visit task when the tasks module is there).
 */
export type DomainEvents = {
  /** A lead became won: moved there on the board, or converted to a customer. */
  'lead.won': { leadId: string; name: string; assignedTo: string | null };
  /** A job was made from a project template: its tasks are to be made. */
  'job.created': { jobId: string; template: string };
  /** A delivery stop was handed over with damaged items noted at the door. */
  'delivery.damaged': {
    stopId: string;
    orderId: string;
    route: string;
    damages: { orderLineId: string; quantityE4: number; note: string }[];
  };
  /** Money of a payment was put on invoices: recorded with them, or applied later. */
  'payment.applied': { paymentId: string };
};
export type DomainEvent = keyof DomainEvents;

/** Something a module does when an event happens, in the transaction of what made it happen. */
export type Reaction<E extends DomainEvent = DomainEvent> = {
  event: E;
  /** Its name in errors: "tasks: first visit". */
  name: string;
  run: (db: Executor, actor: Actor, payload: DomainEvents[E]) => Promise<void>;
};

/** A reaction to any one event. */
export type AnyReaction = { [E in DomainEvent]: Reaction<E> }[DomainEvent];

const reactions = new Map<DomainEvent, AnyReaction[]>();

export const defineReaction = <E extends DomainEvent>(reaction: Reaction<E>): Reaction<E> => reaction;

/** Registers the reactions of the modules installed (once each). */
export function installReactions(given: readonly AnyReaction[]): void {
  for (const reaction of given) {
    const list = reactions.get(reaction.event) ?? [];
    if (list.some((r) => r.name === reaction.name)) continue;
    reactions.set(reaction.event, [...list, reaction]);
  }
}

/**
 * Runs every reaction to `event`, one after another, in the caller's transaction: what they do
 * lands with what caused it, or neither does.
 */
export async function announce<E extends DomainEvent>(
  db: Executor,
  actor: Actor,
  event: E,
  payload: DomainEvents[E],
): Promise<void> {
  for (const reaction of reactions.get(event) ?? []) await (reaction.run as Reaction<E>['run'])(db, actor, payload);
}
