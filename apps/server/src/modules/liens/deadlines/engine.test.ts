import path from 'node:path';
import { type LienFacts, type LienFlag, lienFactsSchema } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { addMonths, federalHolidays } from './calendar';
import { lienDeadlines } from './engine';
import { type LienRule, lienRules } from './rules-file';

const rules = lienRules(loadConfig({}).lienRulesFile);
const TODAY = '2026-11-24';

// The fixed dates every rule is computed from (weekdays noted where they matter).
const DATES = {
  firstFurnishingDate: '2026-01-05', // a Monday
  lastFurnishingDate: '2026-03-20',
  completionDate: '2026-03-31',
  noticeOfCompletionDate: '2026-04-10',
  recordingDate: '2026-05-15',
};

/** The facts that reach a rule: its state, role, first project type, and the flags its narrower class needs. */
function factsFor(rule: LienRule): LienFacts {
  const flags: LienFlag[] = [];
  if (rule.state === 'NY' && rule.projectTypes) flags.push('single_family');
  if (rule.state === 'IL' && rule.projectTypes) flags.push('owner_occupied', 'single_family');
  if (rule.state === 'WA' && rule.projectTypes?.length === 1) flags.push('new_construction', 'single_family');
  return lienFactsSchema.parse({
    state: rule.state,
    role: rule.role,
    projectType: rule.projectTypes?.[0] ?? 'commercial',
    flags,
    ...DATES,
  });
}

/**
 * Worked by hand from DATES, per row of lien-rules.json (2026-11-24): [computed, last day, remind on].
 * Texas's monthly rows give the January deadline (the first month furnished).
 */
const EXPECTED: Record<number, [string, string, string]> = {};
const expect3 = (rows: number[], computed: string, date = computed, remindOn = date) => {
  for (const row of rows) EXPECTED[row] = [computed, date, remindOn];
};
// CA: CCP § 12a rolls a Saturday or holiday forward.
expect3([0, 1, 2], '2026-01-25', '2026-01-26'); // Jan 5 + 20 = Sunday → Monday
expect3([3, 5, 7], '2026-06-29'); // Mar 31 + 90
expect3([4], '2026-06-09'); // Apr 10 + 60
expect3([6, 8], '2026-05-10', '2026-05-11'); // Apr 10 + 30 = Sunday → Monday
expect3([9, 10, 11], '2026-08-13'); // May 15 + 90
// TX: day 15 of the Nth month after the month; SB 929 rolls forward, reminders aim at the business day before.
expect3([12, 14], '2026-04-15'); // January + 3
expect3([13, 15], '2026-03-15', '2026-03-16', '2026-03-13'); // January + 2 = Sunday
expect3([16, 18, 20], '2026-07-15'); // March + 4
expect3([17, 19, 21], '2026-06-15'); // March + 3
expect3([22, 24, 26], '2027-07-15'); // March + 16 (the lien deadline + 12 months)
expect3([23, 25, 27], '2027-06-15'); // March + 15
// FL: § 713.011 rolls forward.
expect3([28, 29], '2026-02-19'); // Jan 5 + 45
expect3([30, 32, 34], '2026-06-18'); // Mar 20 + 90
expect3([31, 33, 35], '2027-05-15', '2027-05-17'); // May 15 + 12 months = Saturday → Monday
// NY: § 25-a rolls forward, not confirmed for liens: reminders aim before.
expect3([36, 39, 42], '2026-11-20'); // Mar 20 + 8 months
expect3([37, 40, 43], '2026-07-20'); // Mar 20 + 4 months (single-family)
expect3([38, 41, 44], '2027-05-15', '2027-05-17', '2027-05-14'); // + 12 months = Saturday
// IL: no roll-forward assumed.
expect3([45], '2026-07-31'); // Mar 31 + 4 months
expect3([46, 47], '2028-03-31'); // Mar 31 + 24 months
expect3([48, 52], '2026-06-18'); // Mar 20 + 90
expect3([49, 53], '2026-03-06'); // Jan 5 + 60 (owner-occupied single-family)
expect3([50, 54], '2026-07-20'); // Mar 20 + 4 months
expect3([51, 55], '2028-03-20'); // the earlier of Mar 20 and Mar 31, + 24 months
// AZ: no rule on weekends: the date as computed.
expect3([56, 57, 58], '2026-01-25', '2026-01-25', '2026-01-23'); // Jan 5 + 20 = Sunday
expect3([59, 62, 65], '2026-07-29'); // Mar 31 + 120
expect3([60, 63, 66], '2026-06-09'); // Apr 10 + 60
expect3([61, 64, 67], '2026-11-15', '2026-11-15', '2026-11-13'); // May 15 + 6 months = Sunday
// WA
expect3([68], '2026-01-05'); // before starting work
expect3([69, 71], '2026-03-06'); // Jan 5 + 60
expect3([70, 72], '2026-01-15'); // Jan 5 + 10 (new single-family)
expect3([73, 75, 77], '2026-06-18'); // Mar 20 + 90
expect3([74, 76, 78], '2027-01-15'); // May 15 + 8 months
// CO
expect3([79, 81, 83], '2026-07-20'); // Mar 20 + 4 months
expect3([80, 82, 84], '2026-09-30'); // the later of Mar 20 and Mar 31, + 6 months
// GA: no roll-forward: file before a weekend last day.
expect3([85, 86], '2026-02-04'); // Jan 5 + 30
expect3([87, 89, 91], '2026-06-18'); // Mar 20 + 90
expect3([88, 90, 92], '2027-05-15', '2027-05-15', '2027-05-14'); // May 15 + 365 = Saturday, stays
// NC
expect3([93, 94, 95], '2026-01-20'); // Jan 5 + 15
expect3([96, 98, 100], '2026-07-18', '2026-07-18', '2026-07-17'); // Mar 20 + 120 = Saturday
expect3([97, 99, 101], '2026-09-16'); // Mar 20 + 180

const ROLLOVER_UNSTATED = new Set(['AZ', 'WA', 'CO', 'NC']);

describe('the lien deadline engine, on every rule of the supplied file', () => {
  it('has a hand-computed expectation for each row', () => {
    expect(rules.version).toBe('2026-11-24');
    expect(
      Object.keys(EXPECTED)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(rules.rules.map((r) => r.index));
  });

  it.each(rules.rules.map((rule) => [rule.index, rule] as const))('computes rule %i', (index, rule) => {
    const result = lienDeadlines(rules, factsFor(rule), TODAY);
    expect(result.status).toBe('ok');
    const found = result.deadlines.find((d) => d.rule.index === index);
    expect(found, `rule ${index} gives no deadline`).toBeDefined();
    const [computed, date, remindOn] = EXPECTED[index]!;
    expect(found!.state).toBe('due');
    expect([found!.computedDate, found!.date]).toEqual([computed, date]);
    expect(found!.remindOn).toBe(remindOn);
    expect(found!.rule.citation).toBe(rule.citation);
    expect(found!.checkConditions).toBe(
      ROLLOVER_UNSTATED.has(rule.state) || (rule.state === 'TX' && rule.kind === 'enforcement'),
    );
  });
});

describe('what the rules state only in words', () => {
  const facts = (given: Record<string, unknown>) =>
    lienFactsSchema.parse({ projectType: 'commercial', role: 'prime', ...given });
  const of = (given: Record<string, unknown>) => lienDeadlines(rules, facts(given), TODAY);

  it('clamps a month offset to the last day of a shorter month (Aug 31 + 6 months is the end of February)', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    const suit = of({ state: 'AZ', recordingDate: '2026-08-31' }).deadlines.find((d) => d.kind === 'enforcement');
    expect(suit?.computedDate).toBe('2027-02-28');
  });

  it('gives Texas one notice per month furnished, and a suit deadline from a rolled lien deadline', () => {
    const monthly = of({
      state: 'TX',
      role: 'subcontractor',
      firstFurnishingDate: '2026-01-20',
      lastFurnishingDate: '2026-03-02',
    }).deadlines.filter((d) => d.kind === 'preliminary_notice');
    expect(monthly.map((d) => [d.month, d.date])).toEqual([
      ['2026-01', '2026-04-15'],
      ['2026-02', '2026-05-15'],
      ['2026-03', '2026-06-15'],
    ]);
    // Without a last furnishing date, the months so far (to today).
    const ongoing = of({ state: 'TX', role: 'supplier', firstFurnishingDate: '2026-09-10' }).deadlines;
    expect(ongoing.filter((d) => d.kind === 'preliminary_notice').map((d) => d.month)).toEqual([
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    // Work completed in April: the lien deadline, Aug 15 2026, is a Saturday and moves to Monday the 17th;
    // suit is then due a year after the moved date, not after the 15th.
    const prime = of({ state: 'TX', completionDate: '2026-04-08' }).deadlines;
    const lien = prime.find((d) => d.kind === 'lien_recording')!;
    expect([lien.computedDate, lien.date, lien.remindOn]).toEqual(['2026-08-15', '2026-08-17', '2026-08-14']);
    expect(prime.find((d) => d.kind === 'enforcement')?.date).toBe('2027-08-17');
  });

  it('takes the earlier of a California pair, and leaves out a notice of completion never recorded', () => {
    const both = of({ state: 'CA', completionDate: '2026-03-31', noticeOfCompletionDate: '2026-04-10' }).deadlines;
    const recording = both.filter((d) => d.kind === 'lien_recording');
    expect(recording.map((d) => [d.trigger, d.date, d.superseded])).toEqual([
      ['notice_of_completion', '2026-06-09', false],
      ['completion', '2026-06-29', true],
    ]);
    const without = of({ state: 'CA', completionDate: '2026-03-31' }).deadlines.filter(
      (d) => d.kind === 'lien_recording',
    );
    expect(without.map((d) => [d.trigger, d.state, d.superseded])).toEqual([
      ['completion', 'due', false],
      ['notice_of_completion', 'not_applicable', false],
    ]);
  });

  it('says what a rule needs instead of guessing a date', () => {
    const result = of({ state: 'CA', role: 'subcontractor' });
    expect(result.deadlines.find((d) => d.kind === 'preliminary_notice')).toMatchObject({
      state: 'needs',
      date: null,
      needs: ['first furnishing date'],
    });
    expect(result.deadlines.find((d) => d.kind === 'enforcement')?.needs).toEqual(['lien recording date']);
  });

  it('answers "no rule for this state" for a state, role or project the file does not cover', () => {
    expect(of({ state: 'OR', firstFurnishingDate: '2026-01-05' })).toMatchObject({
      status: 'no_rule',
      message: 'no rule for this state',
      deadlines: [],
    });
    expect(of({ state: 'NY', role: 'prime', flags: ['public'] })).toMatchObject({ status: 'no_rule', deadlines: [] });
  });

  it('picks New York’s 4 months only for a single-family dwelling', () => {
    const dates = { state: 'NY', projectType: 'residential', lastFurnishingDate: '2026-03-20' };
    const due = (flags: string[]) =>
      of({ ...dates, flags })
        .deadlines.filter((d) => d.kind === 'lien_recording' && d.state === 'due')
        .map((d) => d.date);
    expect(due(['single_family'])).toEqual(['2026-07-20']);
    expect(due([])).toEqual(['2026-11-20']);
  });

  it('keeps Georgia’s Saturday deadline where it is and reminds on the Friday', () => {
    const suit = of({ state: 'GA', recordingDate: '2026-05-15' }).deadlines.find((d) => d.kind === 'enforcement')!;
    expect([suit.date, suit.remindOn, suit.checkConditions]).toEqual(['2027-05-15', '2027-05-14', false]);
  });

  it('leaves out Arizona subcontractors on an owner-occupied dwelling, quoting why', () => {
    const notice = of({
      state: 'AZ',
      role: 'subcontractor',
      flags: ['owner_occupied'],
      firstFurnishingDate: '2026-01-05',
    }).deadlines.find((d) => d.kind === 'preliminary_notice')!;
    expect(notice.state).toBe('not_applicable');
    expect(notice.rule.conditions).toContain(notice.notes[0]);
  });

  it('marks Illinois’s two-year outer limit as reference only', () => {
    const rows = of({ state: 'IL', completionDate: '2026-03-31' }).deadlines.filter((d) => d.kind === 'lien_recording');
    expect(rows.map((d) => [d.date, d.reference])).toEqual([
      ['2026-07-31', false],
      ['2028-03-31', true],
    ]);
  });

  it('knows the federal holidays as observed', () => {
    const days = federalHolidays(2026);
    expect(days.has('2026-07-03')).toBe(true); // July 4 is a Saturday
    expect(days.has('2026-11-26')).toBe(true); // Thanksgiving
    expect(days.has('2026-01-19')).toBe(true); // Martin Luther King Jr. Day
    expect(federalHolidays(2021).has('2021-12-31')).toBe(true); // New Year's Day 2022 was a Saturday
  });
});

describe('the dates a lien is computed from', () => {
  it('refuses dates out of order, naming the field', () => {
    const result = lienFactsSchema.safeParse({
      state: 'CA',
      role: 'prime',
      projectType: 'residential',
      firstFurnishingDate: '2026-03-01',
      lastFurnishingDate: '2026-02-01',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lastFurnishingDate', 'The last furnishing date cannot be before the first.'],
    ]);
  });
  it('refuses dates outside 1990–2099 and furnishing over more than ten years', () => {
    const result = lienFactsSchema.safeParse({
      state: 'TX',
      role: 'supplier',
      projectType: 'commercial',
      recordingDate: '0001-01-01',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['recordingDate', 'Use a date between 1990 and 2099.'],
    ]);
    const long = lienFactsSchema.safeParse({
      state: 'TX',
      role: 'supplier',
      projectType: 'commercial',
      firstFurnishingDate: '2001-01-01',
      lastFurnishingDate: '2011-01-02',
    });
    expect(long.error?.issues.map((i) => i.path.join('.'))).toEqual(['lastFurnishingDate']);
    // Still furnishing after years: Texas's notices for the latest ten years of months only.
    const ongoing = lienDeadlines(
      rules,
      lienFactsSchema.parse({
        state: 'TX',
        role: 'supplier',
        projectType: 'commercial',
        firstFurnishingDate: '1990-01-01',
      }),
      TODAY,
    );
    expect(ongoing.deadlines.length).toBe(121 + 2);
  });
  it('finds the file where the configuration says', () => {
    expect(path.basename(loadConfig({}).lienRulesFile)).toBe('lien-rules.json');
  });
});
