import type { PublicLine, PublicSection } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { initialChoices, type OpenProposal, proposalTotals, withAlternative, withOptional } from './proposal-totals';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const line = (n: number, over: Partial<PublicLine> = {}): PublicLine => ({
  _id: id(n),
  name: `Line ${n}`,
  description: '',
  unit: 'each',
  basis: [],
  quantity: 1,
  unitPriceCents: 10_000,
  discount: null,
  taxRateBps: 0,
  optional: false,
  selected: false,
  group: null,
  chosen: false,
  ...over,
});

const section = (n: number, lines: PublicLine[], status: PublicSection['status'] = 'open'): PublicSection => ({
  _id: id(100 + n),
  title: `Section ${n}`,
  body: '',
  images: [],
  status,
  lines,
});

const doc = (sections: PublicSection[], over: Partial<OpenProposal> = {}): OpenProposal => ({
  state: 'open',
  document: 'proposal',
  firm: { name: 'Studio North', email: 'hello@studio.test', phone: '' },
  number: 'PR-7',
  title: 'Kitchen',
  revision: 1,
  status: 'sent',
  customerName: 'Ada Lovelace',
  coverImage: null,
  validUntil: null,
  discount: null,
  shippingCents: 0,
  taxExempt: false,
  deposit: null,
  terms: '',
  sectionApproval: false,
  sections,
  previousTotalCents: null,
  approvals: [],
  ...over,
});

describe('proposalTotals', () => {
  it('counts an optional line only once ticked, and only the chosen line of a group', () => {
    const d = doc([
      section(1, [
        line(1, { quantity: 2, unitPriceCents: 12_500 }),
        line(2, { optional: true, unitPriceCents: 4_000 }),
        line(3, { group: 'Counter', chosen: true, unitPriceCents: 30_000 }),
        line(4, { group: 'Counter', unitPriceCents: 50_000 }),
      ]),
    ]);
    const start = initialChoices(d);
    expect(start).toEqual({ selected: [], chosen: [id(3)] });
    expect(proposalTotals(d, start).totalCents).toBe(55_000);

    const ticked = withOptional(start, id(2), true);
    expect(proposalTotals(d, ticked).totalCents).toBe(59_000);

    const better = withAlternative(ticked, d.sections[0]!, id(4));
    expect(better.chosen).toEqual([id(4)]);
    const totals = proposalTotals(d, better);
    expect(totals.totalCents).toBe(79_000);
    expect(totals.sections.get(id(101))).toBe(79_000);
    expect(totals.lines.get(id(3))?.counted).toBe(false);
    expect(withOptional(better, id(2), false).selected).toEqual([]);
  });

  it('takes line discounts into the subtotal, spreads the proposal discount, adds tax, shipping and the deposit', () => {
    const d = doc(
      [
        section(1, [
          line(1, { unitPriceCents: 20_000, discount: { kind: 'percent', percent: 10 }, taxRateBps: 1000 }),
          line(2, { unitPriceCents: 20_000, taxRateBps: 1000 }),
        ]),
      ],
      {
        discount: { kind: 'amount', cents: 3_800 },
        shippingCents: 1_500,
        deposit: { kind: 'percent', percent: 50 },
      },
    );
    const totals = proposalTotals(d, initialChoices(d));
    expect(totals.subtotalCents).toBe(38_000);
    expect(totals.discountCents).toBe(3_800);
    expect(totals.taxCents).toBe(3_420);
    expect(totals.shippingCents).toBe(1_500);
    expect(totals.totalCents).toBe(38_000 - 3_800 + 3_420 + 1_500);
    expect(totals.depositCents).toBe(Math.round(totals.totalCents / 2));
  });

  it('leaves tax out for an exempt client and never takes off more than what is ticked', () => {
    const d = doc([section(1, [line(1, { taxRateBps: 825 }), line(2, { optional: true, taxRateBps: 825 })])], {
      taxExempt: true,
      discount: { kind: 'amount', cents: 15_000 },
    });
    const totals = proposalTotals(d, initialChoices(d));
    expect(totals.taxCents).toBe(0);
    expect(totals.discountCents).toBe(10_000);
    expect(totals.totalCents).toBe(0);
  });

  it('leaves a declined section out, and keeps what a decided section was decided with', () => {
    const d = doc(
      [
        section(1, [line(1), line(2, { optional: true, selected: true })], 'approved'),
        section(2, [line(3, { unitPriceCents: 7_000 })], 'declined'),
        section(3, [line(4, { unitPriceCents: 2_500 })]),
      ],
      { sectionApproval: true },
    );
    // Unticking the approved section's option here changes nothing: it was decided.
    const totals = proposalTotals(d, { selected: [], chosen: [] });
    expect(totals.totalCents).toBe(22_500);
    expect(totals.sections.get(id(101))).toBe(20_000);
    expect(totals.sections.get(id(102))).toBe(0);
    expect(totals.lines.get(id(3))?.subtotalCents).toBe(7_000);
  });

  it('gives a change order the order total before it and the change', () => {
    const d = doc([section(1, [line(1, { quantity: 3 })])], { document: 'change_order', previousTotalCents: 25_000 });
    expect(proposalTotals(d, initialChoices(d)).change).toEqual({ beforeCents: 25_000, changeCents: 5_000 });
    expect(proposalTotals(doc([section(1, [line(1)])]), { selected: [], chosen: [] }).change).toBeNull();
  });
});
