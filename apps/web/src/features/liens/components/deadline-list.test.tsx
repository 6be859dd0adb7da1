import { LIEN_DISCLAIMER, type LienDeadline, type LienDeadlineResult } from '@atelier/contracts';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format';
import { formatMonth } from './deadline-card';
import { DeadlineList } from './deadline-list';

const DISCLAIMER =
  'Deadline reminders only, not legal advice; rules summarised from the cited sources and must be reviewed by a lawyer before relying on them.';

/** A deadline as the engine answers it; what a test reads of it is set by `over`. */
function deadline(over: Partial<Omit<LienDeadline, 'rule'>> & { rule?: Partial<LienDeadline['rule']> }): LienDeadline {
  const { rule, ...rest } = over;
  return {
    kind: 'lien_recording',
    trigger: 'last_furnishing',
    state: 'due',
    date: '2026-04-15',
    computedDate: '2026-04-15',
    remindOn: '2026-04-15',
    month: null,
    needs: [],
    notes: [],
    checkConditions: false,
    superseded: false,
    reference: false,
    ...rest,
    rule: {
      index: 19,
      citation: 'Tex. Prop. Code § 53.052(c)',
      source: 'https://statutes.capitol.texas.gov/Docs/PR/htm/PR.53.htm (statute text)',
      confidence: 'medium',
      conditions:
        'Claimant other than original contractor: 15th day of the THIRD month after the month last furnished.',
      ...rule,
    },
  };
}

const result = (over: Partial<LienDeadlineResult>): LienDeadlineResult => ({
  rulesVersion: '2026-11-24',
  disclaimer: DISCLAIMER,
  status: 'ok',
  message: null,
  deadlines: [],
  ...over,
});

// Texas, a subcontractor on a residential project furnishing in January 2026 (the engine's answer).
const texas = result({
  deadlines: [
    deadline({
      kind: 'preliminary_notice',
      trigger: 'each_month_furnished',
      month: '2026-01',
      date: '2026-03-16',
      computedDate: '2026-03-15', // a Sunday
      remindOn: '2026-03-13',
      notes: ['Due only for months with unpaid labor or materials.'],
      rule: { index: 13, citation: 'Tex. Prop. Code § 53.056(a-1)(2)', confidence: 'high' },
    }),
    deadline({}),
    deadline({
      kind: 'enforcement',
      date: '2027-04-15',
      computedDate: '2027-04-15',
      remindOn: '2027-04-15',
      checkConditions: true,
      rule: { index: 25, citation: 'Tex. Prop. Code § 53.158(a), (a-2)', confidence: 'low' },
    }),
  ],
});

const show = (r: LienDeadlineResult) =>
  render(
    <MantineProvider env="test">
      <DeadlineList result={r} />
    </MantineProvider>,
  );

/** The list item of the deadline under the heading `kind`, at `n`. */
const itemOf = (kind: string, n = 0) => {
  const section = screen.getByRole('region', { name: kind });
  return within(within(section).getByRole('list')).getAllByRole('listitem')[n]!;
};

describe('a lien’s deadline list', () => {
  it('says there is no rule for the state, and shows no dates', () => {
    show(result({ status: 'no_rule', message: 'no rule for this state' }));
    expect(screen.getByText('no rule for this state')).toBeTruthy();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Record the lien' })).toBeNull();
  });

  it('says what a deadline needs instead of a date', () => {
    show(
      result({
        deadlines: [
          deadline({
            kind: 'enforcement',
            trigger: 'recording',
            state: 'needs',
            date: null,
            computedDate: null,
            remindOn: null,
            needs: ['lien recording date'],
            rule: { citation: 'Cal. Civ. Code § 8460', confidence: 'high' },
          }),
        ],
      }),
    );
    const item = itemOf('Suit to enforce');
    expect(within(item).getByRole('heading', { name: 'needs: lien recording date' })).toBeTruthy();
    expect(within(item).getByText('Cal. Civ. Code § 8460')).toBeTruthy();
    expect(within(item).getByText('high confidence')).toBeTruthy();
  });

  it('shows a rolled date with the date it moved from and its reminder, and the conditions to check', async () => {
    show(texas);
    const notice = itemOf('Preliminary notice');
    expect(within(notice).getByRole('heading', { name: formatDate('2026-03-16') })).toBeTruthy();
    expect(within(notice).getByText(`For work furnished in ${formatMonth('2026-01')}`)).toBeTruthy();
    expect(within(notice).getByText(new RegExp(`^Moved from ${formatDate('2026-03-15')}`))).toBeTruthy();
    expect(within(notice).getByText(`remind on ${formatDate('2026-03-13')}`)).toBeTruthy();
    expect(within(notice).queryByText('check the conditions')).toBeNull();

    const recording = itemOf('Record the lien');
    expect(within(recording).queryByText(/^Moved from/)).toBeNull();
    expect(within(recording).queryByText(/^remind on/)).toBeNull();

    const suit = itemOf('Suit to enforce');
    expect(within(suit).getByText('check the conditions')).toBeTruthy();
    expect(within(suit).getByText('low confidence')).toBeTruthy();

    // The rule itself, on demand: its conditions, notes and source.
    fireEvent.click(within(notice).getByRole('button', { name: 'Show the rule' }));
    expect(within(notice).getByRole('button', { name: 'Hide the rule' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(notice).getByText('Due only for months with unpaid labor or materials.')).toBeTruthy();
    expect(
      await within(notice).findByRole('link', { name: 'https://statutes.capitol.texas.gov/Docs/PR/htm/PR.53.htm' }),
    ).toBeTruthy();
  });

  it('puts the disclaimer and the rules version at the top, and the disclaimer on every deadline', () => {
    show(texas);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(LIEN_DISCLAIMER)).toBeTruthy();
    expect(within(alert).getByText(DISCLAIMER)).toBeTruthy();
    expect(within(alert).getByText('Rules version 2026-11-24')).toBeTruthy();
    for (const item of screen.getAllByRole('listitem').filter((li) => li.closest('section')))
      expect(within(item).getByText(LIEN_DISCLAIMER)).toBeTruthy();
  });

  it('marks the later of an earlier-of pair and a date shown for reference', () => {
    show(
      result({
        deadlines: [
          deadline({
            trigger: 'notice_of_completion',
            date: '2026-05-11',
            computedDate: '2026-05-10',
            rule: { index: 6 },
          }),
          deadline({
            trigger: 'completion',
            date: '2026-06-29',
            computedDate: '2026-06-29',
            superseded: true,
            rule: { index: 5 },
          }),
          deadline({
            kind: 'enforcement',
            date: '2028-03-31',
            computedDate: '2028-03-31',
            reference: true,
            rule: { index: 46 },
          }),
        ],
      }),
    );
    expect(within(itemOf('Record the lien', 1)).getByText('later of the pair')).toBeTruthy();
    expect(within(itemOf('Record the lien', 1)).getByText(/earlier date of this pair applies/)).toBeTruthy();
    expect(within(itemOf('Record the lien', 0)).queryByText('later of the pair')).toBeNull();
    expect(within(itemOf('Suit to enforce')).getByText('for reference')).toBeTruthy();
  });
});
