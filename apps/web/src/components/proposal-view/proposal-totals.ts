import {
  type Discount,
  depositCents,
  type PricedLine,
  type PublicLine,
  type PublicProposal,
  type PublicSection,
  priceDocument,
} from '@atelier/contracts';

export type OpenProposal = Extract<PublicProposal, { state: 'open' }>;

/** What the client ticked: the optional lines taken, and the line chosen of each alternative group. */
export type ProposalChoices = { selected: string[]; chosen: string[] };

export type ProposalTotals = {
  /** What the counted lines come to after their own discounts: the sections' subtotals added up. */
  subtotalCents: number;
  /** The proposal's own discount, spread over the counted lines. */
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  depositCents: number;
  /** Each line's price by its id; a line that does not count still has what it would come to. */
  lines: Map<string, PricedLine>;
  /** Each section's subtotal by its id: its counted lines after their own discounts. */
  sections: Map<string, number>;
  /** A change order: the order's total before it, and what it changes it by. */
  change: { beforeCents: number; changeCents: number } | null;
};

/** The choices the document was sent (or decided) with. */
export function initialChoices(doc: OpenProposal): ProposalChoices {
  const lines = doc.sections.flatMap((s) => s.lines);
  return {
    selected: lines.filter((l) => l.optional && l.selected).map((l) => l._id),
    chosen: lines.filter((l) => l.group !== null && l.chosen).map((l) => l._id),
  };
}

/**
 * A line as it stands: as ticked here while its section is open; once the section is decided, as
 * it was decided (the server's flags), whatever is ticked.
 */
export function lineAsChosen(section: PublicSection, line: PublicLine, choices: ProposalChoices): PublicLine {
  if (section.status !== 'open') return line;
  return { ...line, selected: choices.selected.includes(line._id), chosen: choices.chosen.includes(line._id) };
}

/** Ticks or unticks an optional line. */
export function withOptional(choices: ProposalChoices, lineId: string, on: boolean): ProposalChoices {
  const selected = choices.selected.filter((id) => id !== lineId);
  return { ...choices, selected: on ? [...selected, lineId] : selected };
}

/** Chooses one line of an alternative group of a section: the others of its group are no longer chosen. */
export function withAlternative(choices: ProposalChoices, section: PublicSection, lineId: string): ProposalChoices {
  const group = section.lines.find((l) => l._id === lineId)?.group;
  if (!group) return choices;
  const others = new Set(section.lines.filter((l) => l.group === group).map((l) => l._id));
  return { ...choices, chosen: [...choices.chosen.filter((id) => !others.has(id)), lineId] };
}

/**
 * The document's totals as the client has ticked it, with the same engine the server prices it
 * with. A declined section's lines do not count. An amount off never takes more than what is
 * ticked: unticking options may leave less than the discount, and the page must still add up.
 */
export function proposalTotals(doc: OpenProposal, choices: ProposalChoices): ProposalTotals {
  const entries = doc.sections.flatMap((section) =>
    section.lines.map((line) => {
      const chosen = lineAsChosen(section, line, choices);
      const declined = section.status === 'declined';
      return {
        section: section._id,
        line: chosen,
        // A declined section's line is priced as an option left out, so it still shows its price.
        input: declined ? { ...chosen, optional: true, selected: false } : chosen,
      };
    }),
  );
  const inputs = entries.map((e) => e.input);
  const adjustments = { shippingCents: doc.shippingCents, taxExempt: doc.taxExempt };
  let discount: Discount | null = doc.discount;
  if (discount?.kind === 'amount') {
    const base = priceDocument(inputs, adjustments).netCents;
    discount = { kind: 'amount', cents: Math.min(discount.cents, base) };
  }
  const priced = priceDocument(inputs, { ...adjustments, discount });

  const lines = new Map<string, PricedLine>();
  const sections = new Map<string, number>(doc.sections.map((s) => [s._id, 0]));
  entries.forEach((entry, i) => {
    const line = priced.lines[i]!;
    lines.set(entry.line._id, line);
    if (line.counted)
      sections.set(entry.section, (sections.get(entry.section) ?? 0) + line.subtotalCents - line.lineDiscountCents);
  });
  const totalCents = priced.totalCents;
  return {
    subtotalCents: priced.subtotalCents - priced.lineDiscountCents,
    discountCents: priced.orderDiscountCents + priced.couponCents,
    taxCents: priced.taxCents,
    shippingCents: priced.shippingCents,
    totalCents,
    depositCents: depositCents(doc.deposit, totalCents),
    lines,
    sections,
    change:
      doc.document === 'change_order' && doc.previousTotalCents !== null
        ? { beforeCents: doc.previousTotalCents, changeCents: totalCents - doc.previousTotalCents }
        : null,
  };
}

/** The line amount the client reads: quantity × price less the line's own discount. */
export const lineAmountCents = (line: PricedLine) => line.subtotalCents - line.lineDiscountCents;
