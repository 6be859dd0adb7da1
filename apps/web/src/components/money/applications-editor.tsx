import {
  type ApplicableInvoice,
  type Applications,
  applicationErrors,
  appliedCents,
  fillOldestFirst,
  withAmount,
} from './applied-money';
import { type OpenItemKind, OpenItemsEditor } from './open-items-editor';

/** A customer's open invoices as money goes on them: oldest first, each named by `invoice`. */
export const INVOICE_ITEMS: OpenItemKind<ApplicableInvoice, Applications[number]> = {
  one: 'invoice',
  many: 'invoices',
  a: 'an invoice',
  loading: 'Loading the open invoices…',
  none: 'The customer has no open invoice',
  itemOf: (a) => a.invoice,
  fill: fillOldestFirst,
  applied: appliedCents,
  withAmount,
  errors: (fields, sent) => {
    const { byInvoice, list } = applicationErrors(fields, sent);
    return { byItem: byInvoice, list };
  },
};

/**
 * Where money goes: the customer's open invoices, oldest first, with what each is given.
 * "Oldest first" spreads `totalCents` over the oldest invoices; the figure below says what the
 * invoices take and what is left (`leftLabel`: the customer's credit, or what a credit memo keeps).
 */
export function ApplicationsEditor({
  invoices,
  ...props
}: {
  invoices: readonly ApplicableInvoice[];
  loading?: boolean;
  /** Why the invoices could not be read. */
  failed?: string;
  /** The money there is to spread: none typed yet is undefined. */
  totalCents: number | undefined;
  value: Applications;
  onChange: (value: Applications) => void;
  /** What the money left over is called: "Left as credit". */
  leftLabel: string;
  /** What the money is called when there is too little of it: "the payment". */
  source: string;
  /** Messages by invoice, and about the whole list. */
  errors?: Record<string, string>;
  error?: string;
  currency?: string;
  /** A line under the heading (what "owes" counts when a payment is edited). */
  hint?: string;
}) {
  return <OpenItemsEditor kind={INVOICE_ITEMS} items={invoices} {...props} />;
}
