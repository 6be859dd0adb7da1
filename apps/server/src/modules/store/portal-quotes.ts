import type { QuoteStatus } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { notFound } from '../../platform/http/errors';
import { notify } from '../../platform/notifications/notifications.service';
import { APPROVE_PATH, approvalLinks, proposals } from '../proposals';
import { quoteLines, quotes, quoteType } from '../quotes';
import { quoteWatchers } from './checkout';
import { customerActor, type Store, type StoreCustomer } from './customer-session';

/** A quote as its customer reads it in the store: what they are offered and what they may choose. */
export type PortalQuote = {
  id: string;
  number: string;
  status: QuoteStatus;
  validUntil: string;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  order: string | null;
  lines: {
    id: string;
    kind: string;
    name: string;
    description: string;
    quantity: number;
    unit: string;
    unitPriceCents: number;
    /** Price × quantity, before discounts and tax (the quote's totals say those). */
    amountCents: number;
    optional: boolean;
    selected: boolean;
    groupKey: string | null;
    chosen: boolean;
  }[];
};

const NO_QUOTE = 'We could not find this quote among yours.';

/**
 * The customer's own quote with its lines (never another customer's, nor its costs): 404 for any
 * other id, malformed ones included, so a guess learns nothing.
 */
export async function customerQuote(db: Executor, customer: StoreCustomer, id: string): Promise<PortalQuote> {
  if (!isUuid(id)) throw notFound(NO_QUOTE);
  const [q] = (
    await db.execute<{
      id: string;
      number: string;
      status: QuoteStatus;
      valid_until: string;
      subtotal: string;
      discount: string;
      tax: string;
      shipping: string;
      total: string;
      order_number: string | null;
    }>(sql`
      SELECT q.id, q.prefix || q.number AS number, q.status, q.valid_until::text AS valid_until,
             q.subtotal_cents AS subtotal, q.discount_cents AS discount, q.tax_cents AS tax,
             q.shipping_cents AS shipping, q.total_cents AS total,
             (SELECT o.prefix || o.number FROM orders o WHERE o.id = q.order_id) AS order_number
        FROM ${quotes} q WHERE q.id = ${id} AND q.customer_id = ${customer.customerId}`)
  ).rows;
  if (!q) throw notFound(NO_QUOTE);
  const lines = (
    await db.execute<{
      id: string;
      kind: string;
      name: string;
      description: string;
      quantity_e4: string;
      unit: string;
      unit_price: string;
      total: string;
      optional: boolean;
      selected: boolean;
      group_key: string | null;
      chosen: boolean;
    }>(sql`
      SELECT id, kind, name, description, quantity_e4, unit, unit_price_cents AS unit_price, subtotal_cents AS total,
             optional, selected, group_key, chosen
        FROM ${quoteLines} WHERE quote_id = ${q.id} ORDER BY position`)
  ).rows;
  return {
    id: q.id,
    number: q.number,
    status: q.status,
    validUntil: q.valid_until,
    subtotalCents: Number(q.subtotal),
    discountCents: Number(q.discount),
    taxCents: Number(q.tax),
    shippingCents: Number(q.shipping),
    totalCents: Number(q.total),
    order: q.order_number,
    lines: lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      name: l.name,
      description: l.description,
      quantity: Number(l.quantity_e4) / 10_000,
      unit: l.unit,
      unitPriceCents: Number(l.unit_price),
      amountCents: Number(l.total),
      optional: l.optional,
      selected: l.selected,
      groupKey: l.group_key,
      chosen: l.chosen,
    })),
  };
}

/**
 * The customer accepts or declines their sent quote in the store, through the quote's own
 * transitions (its state rules, expiry, choices and the draft order it becomes), written as the
 * customer; the staff who follow quotes are told.
 */
export async function decideQuote(
  db: Executor,
  store: Store,
  customer: StoreCustomer,
  id: string,
  decision: 'accept' | 'decline',
  choices: { selected: string[]; chosen: string[] },
): Promise<{ number: string; order: string | null }> {
  const quote = await customerQuote(db, customer, id);
  const actor = customerActor(store, customer);
  const { effects } = await quoteType.transition(
    db,
    actor,
    quote.id,
    decision,
    decision === 'accept' ? choices : undefined,
  );
  const order = typeof effects.order === 'string' ? effects.order : null;
  const who = [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.email;
  const text =
    decision === 'accept'
      ? `${who} accepted ${quote.number} in the store${order ? `: draft order ${order}` : ''}.`
      : `${who} declined ${quote.number} in the store.`;
  for (const staff of await quoteWatchers(db, customer.assignedTo))
    await notify(db, store.firmId, staff, text, `/o/quotes/${quote.id}`);
  return { number: quote.number, order };
}

/** The customer's proposals the firm has sent, with the link of the revision to approve while one works. */
export async function customerProposals(db: Executor, customer: StoreCustomer) {
  return (
    await db.execute<{
      id: string;
      number: string;
      title: string;
      status: string;
      total: string;
      token: string | null;
    }>(sql`
      SELECT p.id, p.prefix || p.number AS number, p.title, p.status, p.total_cents AS total,
             (SELECT l.token FROM ${approvalLinks} l
               WHERE l.proposal_id = p.id AND l.revision = p.revision AND l.revoked_at IS NULL AND l.expires_at > now()
               ORDER BY l.created_at DESC LIMIT 1) AS token
        FROM ${proposals} p
       WHERE p.customer_id = ${customer.customerId} AND p.status <> 'draft'
       ORDER BY p.number DESC LIMIT 50`)
  ).rows.map(({ token, ...r }) => ({
    ...r,
    total: Number(r.total),
    // The web app's approval page, while the revision's link works and the proposal awaits a decision.
    approvePath:
      token && ['sent', 'viewed', 'partially_approved'].includes(r.status) ? `${APPROVE_PATH}${token}` : null,
  }));
}
