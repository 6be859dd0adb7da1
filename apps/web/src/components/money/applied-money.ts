/** An invoice money may go on: its number, when it is due, and the most it can take now. */
export type ApplicableInvoice = {
  _id: string;
  name: string;
  issueDate: string;
  dueDate: string;
  /** What it owes, plus what the money being edited already gives it (an edit rewrites that). */
  availableCents: number;
};

/** Money put on invoices, as the API takes it. */
export type Applications = { invoice: string; amountCents: number }[];

/** Oldest first: the earliest due date, then the earliest issued, then the lowest number. */
export const byAge = (a: ApplicableInvoice, b: ApplicableInvoice) =>
  a.dueDate.localeCompare(b.dueDate) ||
  a.issueDate.localeCompare(b.issueDate) ||
  a.name.localeCompare(b.name, undefined, { numeric: true });

/** Spreads `cents` over the invoices, the oldest first, each given at most what it can take. */
export function fillOldestFirst(invoices: readonly ApplicableInvoice[], cents: number): Applications {
  let left = Math.max(0, cents);
  const applications: Applications = [];
  for (const invoice of [...invoices].sort(byAge)) {
    if (left <= 0) break;
    const take = Math.min(left, invoice.availableCents);
    if (take <= 0) continue;
    applications.push({ invoice: invoice._id, amountCents: take });
    left -= take;
  }
  return applications;
}

/**
 * What the invoices take of the amounts typed: each at most what it can take, as the server
 * applies them (the rest of an amount stays credit).
 */
export function appliedCents(invoices: readonly ApplicableInvoice[], applications: Applications): number {
  const available = new Map(invoices.map((i) => [i._id, i.availableCents]));
  return applications.reduce((sum, a) => sum + Math.min(a.amountCents, available.get(a.invoice) ?? a.amountCents), 0);
}

/** The applications with one invoice's amount set (none: taken out), in the order they were. */
export function withAmount(applications: Applications, invoice: string, cents: number | undefined): Applications {
  const others = applications.filter((a) => a.invoice !== invoice);
  if (!cents) return others;
  const at = applications.findIndex((a) => a.invoice === invoice);
  const next = [...others];
  next.splice(at === -1 ? next.length : at, 0, { invoice, amountCents: cents });
  return next;
}

/**
 * The server's messages about applications (`applications.3.amountCents`: the fourth sent) by
 * the invoice they are about, and the message about the whole list.
 */
export function applicationErrors(
  fields: Record<string, string>,
  sent: readonly { invoice: string }[],
): { byInvoice: Record<string, string>; list?: string } {
  const byInvoice: Record<string, string> = {};
  let list: string | undefined;
  for (const [path, message] of Object.entries(fields)) {
    const [head, index] = path.split('.');
    if (head !== 'applications') continue;
    const invoice = index === undefined ? undefined : sent[Number(index)]?.invoice;
    if (invoice) byInvoice[invoice] ??= message;
    else list ??= message;
  }
  return { byInvoice, list };
}
