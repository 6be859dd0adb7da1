import { type OpenItemKind, OpenItemsEditor } from '../../../components/money/open-items-editor';

/** A bill money may go on: its name, when it is due, and the most it can take now. */
export type PayableBill = { _id: string; name: string; dueDate: string; availableCents: number };
/** Money put on bills, as the API takes it. */
export type BillApplications = { bill: string; amountCents: number }[];

/** Spreads `cents` over the bills, the oldest due first, each given at most what it owes. */
export function fillOldestFirst(bills: readonly PayableBill[], cents: number): BillApplications {
  let left = Math.max(0, cents);
  const out: BillApplications = [];
  for (const bill of [...bills].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.name.localeCompare(b.name))) {
    if (left <= 0) break;
    const take = Math.min(left, bill.availableCents);
    if (take <= 0) continue;
    out.push({ bill: bill._id, amountCents: take });
    left -= take;
  }
  return out;
}

/** What the bills take of the amounts typed: each at most what it owes, as the server applies them. */
export function appliedCents(bills: readonly PayableBill[], value: BillApplications): number {
  const available = new Map(bills.map((b) => [b._id, b.availableCents]));
  return value.reduce((sum, a) => sum + Math.min(a.amountCents, available.get(a.bill) ?? a.amountCents), 0);
}

function withAmount(value: BillApplications, bill: string, cents: number | undefined): BillApplications {
  const others = value.filter((a) => a.bill !== bill);
  if (!cents) return others;
  const at = value.findIndex((a) => a.bill === bill);
  const next = [...others];
  next.splice(at === -1 ? next.length : at, 0, { bill, amountCents: cents });
  return next;
}

/** A vendor's open bills as money goes on them: oldest due first, each named by `bill`. */
export const BILL_ITEMS: OpenItemKind<PayableBill, BillApplications[number]> = {
  one: 'bill',
  many: 'bills',
  a: 'a bill',
  loading: 'Loading the vendor’s open bills…',
  none: 'The vendor has no open bill',
  itemOf: (a) => a.bill,
  fill: fillOldestFirst,
  applied: appliedCents,
  withAmount,
  errors: (fields, sent) => {
    const { byBill, list } = billApplicationErrors(fields, sent);
    return { byItem: byBill, list };
  },
};

/**
 * Where money to a vendor goes: their open bills, oldest due first, with what each is given;
 * "Oldest first" spreads `totalCents`, and the figure below says what the bills take and what is
 * left (`leftLabel`: an advance, or what a credit keeps).
 */
export function BillsEditor({
  bills,
  ...props
}: {
  bills: readonly PayableBill[];
  loading?: boolean;
  failed?: string;
  totalCents: number | undefined;
  value: BillApplications;
  onChange: (value: BillApplications) => void;
  leftLabel: string;
  /** Messages by bill, and about the whole list. */
  errors?: Record<string, string>;
  error?: string;
  currency?: string;
}) {
  return <OpenItemsEditor kind={BILL_ITEMS} items={bills} source="there is" {...props} />;
}

/**
 * The server's messages about applications (`applications.3.amountCents`: the fourth sent) by
 * the bill they are about, and the message about the whole list.
 */
export function billApplicationErrors(
  fields: Record<string, string>,
  sent: readonly { bill: string }[],
): { byBill: Record<string, string>; list?: string } {
  const byBill: Record<string, string> = {};
  let list: string | undefined;
  for (const [path, message] of Object.entries(fields)) {
    const [head, index] = path.split('.');
    if (head !== 'applications') continue;
    const bill = index === undefined ? undefined : sent[Number(index)]?.bill;
    if (bill) byBill[bill] ??= message;
    else list ??= message;
  }
  return { byBill, list };
}
