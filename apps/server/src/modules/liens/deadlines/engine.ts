import {
  LIEN_DATE_LABELS,
  LIEN_DEADLINE_KINDS,
  LIEN_FURNISHING_YEARS,
  LIEN_NO_RULE,
  type LienDateField,
  type LienDeadline,
  type LienDeadlineResult,
  type LienFacts,
  type LienTrigger,
} from '@atelier/contracts';
import {
  addDays,
  addMonths,
  businessDayOnOrAfter,
  businessDayOnOrBefore,
  dayOfMonthAfter,
  isBusinessDay,
  monthsBetween,
} from './calendar';
import { type ConditionEntry, conditionFor } from './conditions';
import type { LienRule, LienRules } from './rules-file';

/** The fact each trigger reads (Texas's monthly trigger reads the furnishing dates). */
const TRIGGER_DATE: Record<Exclude<LienTrigger, 'each_month_furnished'>, LienDateField> = {
  first_furnishing: 'firstFurnishingDate',
  last_furnishing: 'lastFurnishingDate',
  completion: 'completionDate',
  notice_of_completion: 'noticeOfCompletionDate',
  recording: 'recordingDate',
};

/** The row's own arithmetic from the day it runs from: days, months, or a day of a later month. */
function arithmetic(rule: LienRule, from: string): string {
  if (rule.offsetDays !== null) return addDays(from, rule.offsetDays);
  if (rule.dayOfMonth !== null) return dayOfMonthAfter(from, rule.offsetMonths!, rule.dayOfMonth);
  return addMonths(from, rule.offsetMonths!);
}

type Dated = { date: string; computedDate: string; remindOn: string; notes: string[]; checkConditions: boolean };

/** What the row's conditions say of a last day on a weekend or holiday, applied to the computed date. */
function rolled(entry: ConditionEntry, computedDate: string): Dated {
  const { mode, quotes } = entry.rollover;
  const businessDay = isBusinessDay(computedDate);
  const before = businessDayOnOrBefore(computedDate);
  switch (mode) {
    case 'forward': {
      const date = businessDayOnOrAfter(computedDate);
      return { date, computedDate, remindOn: date, notes: businessDay ? [] : quotes, checkConditions: false };
    }
    case 'forward_uncertain':
      return {
        date: businessDayOnOrAfter(computedDate),
        computedDate,
        remindOn: before,
        notes: businessDay ? [] : quotes,
        checkConditions: false,
      };
    case 'none':
      return {
        date: computedDate,
        computedDate,
        remindOn: before,
        notes: businessDay ? [] : quotes,
        checkConditions: false,
      };
    case 'unstated':
      return { date: computedDate, computedDate, remindOn: before, notes: quotes, checkConditions: true };
  }
}

const blank = (rule: LienRule, entry: ConditionEntry) => ({
  kind: rule.kind,
  trigger: rule.trigger,
  month: null,
  superseded: false,
  reference: Boolean(entry.reference && rule.offsetMonths === entry.reference.offsetMonths),
  rule: {
    index: rule.index,
    citation: rule.citation,
    source: rule.source,
    confidence: rule.confidence,
    conditions: rule.conditions,
  },
});

/** Words the user sees with every deadline of the row: what the engine could not check. */
function standingNotes(entry: ConditionEntry, rule: LienRule, flags: ReadonlySet<string>): string[] {
  const notes = [...(entry.caveats ?? [])];
  for (const [flag, note] of Object.entries(entry.flagNotes ?? {})) if (flags.has(flag)) notes.push(note);
  if (entry.reference && rule.offsetMonths === entry.reference.offsetMonths) notes.push(entry.reference.quote);
  return notes;
}

type Computing = { facts: LienFacts; flags: ReadonlySet<string>; today: string; done: LienDeadline[] };

/** The day a row runs from, or the facts it lacks. */
function startOf(rule: LienRule, entry: ConditionEntry, c: Computing): { from: string } | { needs: LienDateField[] } {
  const { facts } = c;
  const own = TRIGGER_DATE[rule.trigger as keyof typeof TRIGGER_DATE];
  const date = facts[own];
  switch (entry.runsFrom) {
    case 'later_of_last_furnishing_and_completion':
      if (!date) return { needs: [own] };
      return { from: facts.completionDate && facts.completionDate > date ? facts.completionDate : date };
    case 'earlier_of_last_furnishing_and_completion':
      if (!date) return { needs: [own] };
      return { from: facts.completionDate && facts.completionDate < date ? facts.completionDate : date };
    default:
      return date ? { from: date } : { needs: [own] };
  }
}

function deadlinesOf(rule: LienRule, c: Computing): LienDeadline[] {
  const entry = conditionFor(rule)!;
  const base = blank(rule, entry);
  const notes = standingNotes(entry, rule, c.flags);
  const excluded = entry.excludedFor?.(c.flags as ReadonlySet<never>);
  const none = { date: null, computedDate: null, remindOn: null, checkConditions: false };
  if (excluded) return [{ ...base, ...none, state: 'not_applicable', needs: [], notes: [excluded] }];

  if (rule.trigger === 'each_month_furnished') {
    const first = c.facts.firstFurnishingDate;
    if (!first) return [{ ...base, ...none, state: 'needs', needs: [LIEN_DATE_LABELS.firstFurnishingDate], notes }];
    const last = c.facts.lastFurnishingDate;
    const through = last ?? (c.today > first ? c.today : first);
    const soFar = last ? [] : ['Months furnished so far: there is no last furnishing date yet.'];
    // Work still going after ten years: its latest ten years of months (a lien's dates are bounded alike).
    const floor = `${Number(through.slice(0, 4)) - LIEN_FURNISHING_YEARS}${through.slice(4)}`;
    return monthsBetween(first > floor ? first : floor, through).map((month) => {
      const dated = rolled(entry, arithmetic(rule, `${month}-01`));
      return { ...base, ...dated, month, state: 'due', needs: [], notes: [...notes, ...soFar, ...dated.notes] };
    });
  }

  const start = startOf(rule, entry, c);
  if ('needs' in start) {
    if (entry.onlyWhenDated)
      return [{ ...base, ...none, state: 'not_applicable', needs: [], notes: [entry.onlyWhenDated] }];
    return [{ ...base, ...none, state: 'needs', needs: start.needs.map((f) => LIEN_DATE_LABELS[f]), notes }];
  }
  let computed = arithmetic(rule, start.from);
  const extra: string[] = [];
  if (entry.runsFrom === 'lien_recording_deadline_plus_12_months') {
    // Texas's suit rows pre-compute "12 months after the lien deadline"; from a rolled deadline they run from the rolled date.
    const recording = c.done.find(
      (d) =>
        d.kind === 'lien_recording' && d.state === 'due' && d.date !== d.computedDate && d.rule.index !== rule.index,
    );
    if (recording?.date) {
      computed = addMonths(recording.date, 12);
      extra.push(entry.quotes[1]!);
    }
  }
  const dated = rolled(entry, computed);
  return [{ ...base, ...dated, state: 'due', needs: [], notes: [...notes, ...extra, ...dated.notes] }];
}

/**
 * Every deadline the rules give a lien's facts, each with the rule it came from. A state, role or
 * project the file has no row for gets `no_rule`, never a guessed date. `today` (YYYY-MM-DD) ends
 * Texas's months furnished while there is no last furnishing date.
 */
export function lienDeadlines(rules: LienRules, facts: LienFacts, today: string): LienDeadlineResult {
  const head = { rulesVersion: rules.version, disclaimer: rules.disclaimer };
  if (facts.flags.includes('public'))
    return { ...head, status: 'no_rule', message: 'no rule: the rules cover private projects only', deadlines: [] };
  const rows = rules.rules.filter(
    (r) =>
      r.state === facts.state &&
      r.role === facts.role &&
      (r.projectTypes === null || r.projectTypes.includes(facts.projectType)),
  );
  if (rows.length === 0) return { ...head, status: 'no_rule', message: LIEN_NO_RULE, deadlines: [] };

  const c: Computing = { facts, flags: new Set(facts.flags), today, done: [] };
  // Rows that run from another row's deadline come after it.
  const derived = (r: LienRule) => conditionFor(r)!.runsFrom === 'lien_recording_deadline_plus_12_months';
  for (const rule of [...rows.filter((r) => !derived(r)), ...rows.filter(derived)])
    c.done.push(...deadlinesOf(rule, c));

  // An EARLIER-OF pair (CA, AZ recording): of the dated rows, the earliest applies.
  const pair = c.done.filter((d) => d.state === 'due' && conditionFor(rules.rules[d.rule.index]!)!.earlierOf);
  const earliest = pair.reduce<string | null>((min, d) => (min === null || d.date! < min ? d.date! : min), null);
  for (const d of pair) if (d.date !== earliest) d.superseded = true;

  const order = (d: LienDeadline) => LIEN_DEADLINE_KINDS.indexOf(d.kind);
  const deadlines = c.done.sort(
    (a, b) => order(a) - order(b) || (a.date ?? '9999').localeCompare(b.date ?? '9999') || a.rule.index - b.rule.index,
  );
  return { ...head, status: 'ok', message: null, deadlines };
}
