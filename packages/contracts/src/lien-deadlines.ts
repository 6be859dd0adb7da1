import { z } from 'zod';
import { calendarDateSchema } from './records';

// ---- The lien deadline engine's words (issue 24, decision 0048) ----

/** The states the supplied rules file covers; any other state answers "no rule for this state". */
export const LIEN_ROLES = ['prime', 'subcontractor', 'supplier'] as const;
export type LienRole = (typeof LIEN_ROLES)[number];
export const LIEN_ROLE_LABELS: Record<LienRole, string> = {
  prime: 'Prime contractor',
  subcontractor: 'Subcontractor',
  supplier: 'Supplier',
};

export const LIEN_PROJECT_TYPES = ['residential', 'commercial'] as const;
export type LienProjectType = (typeof LIEN_PROJECT_TYPES)[number];
export const LIEN_PROJECT_TYPE_LABELS: Record<LienProjectType, string> = {
  residential: 'Residential',
  commercial: 'Commercial',
};

/** Facts narrower than residential/commercial that some states' rules turn on. */
export const LIEN_FLAGS = ['single_family', 'owner_occupied', 'homestead', 'new_construction', 'public'] as const;
export type LienFlag = (typeof LIEN_FLAGS)[number];
export const LIEN_FLAG_LABELS: Record<LienFlag, string> = {
  single_family: 'Single-family',
  owner_occupied: 'Owner-occupied',
  homestead: 'Homestead',
  new_construction: 'New construction',
  public: 'Public project',
};

export const LIEN_DEADLINE_KINDS = ['preliminary_notice', 'lien_recording', 'enforcement'] as const;
export type LienDeadlineKind = (typeof LIEN_DEADLINE_KINDS)[number];
export const LIEN_DEADLINE_KIND_LABELS: Record<LienDeadlineKind, string> = {
  preliminary_notice: 'Preliminary notice',
  lien_recording: 'Record the lien',
  enforcement: 'Suit to enforce',
};

export const LIEN_TRIGGERS = [
  'first_furnishing',
  'last_furnishing',
  'completion',
  'notice_of_completion',
  'recording',
  'each_month_furnished',
] as const;
export type LienTrigger = (typeof LIEN_TRIGGERS)[number];

/** The dates a deadline can run from, as the calculator's query and a lien record name them. */
export const LIEN_DATE_FIELDS = [
  'firstFurnishingDate',
  'lastFurnishingDate',
  'completionDate',
  'noticeOfCompletionDate',
  'recordingDate',
] as const;
export type LienDateField = (typeof LIEN_DATE_FIELDS)[number];
export const LIEN_DATE_LABELS: Record<LienDateField, string> = {
  firstFurnishingDate: 'first furnishing date',
  lastFurnishingDate: 'last furnishing date',
  completionDate: 'completion date',
  noticeOfCompletionDate: 'notice of completion date',
  recordingDate: 'lien recording date',
};

export const LIEN_DISCLAIMER = 'Reminder only, not legal advice';
export const LIEN_CHECK_CONDITIONS = 'check the conditions';
export const LIEN_NO_RULE = 'no rule for this state';

// ---- The facts a calculation starts from ----

/** The years a lien's dates may fall in: wide for any real job, and a bound on what one calculation does. */
export const LIEN_YEARS = { from: 1990, to: 2099 } as const;
const lienDay = calendarDateSchema.refine(
  (v) => v >= `${LIEN_YEARS.from}-01-01` && v <= `${LIEN_YEARS.to}-12-31`,
  `Use a date between ${LIEN_YEARS.from} and ${LIEN_YEARS.to}.`,
);
const optionalDay = z.preprocess((v) => (v === '' ? null : v), lienDay.nullable().default(null));
const US_STATE = /^[A-Z]{2}$/;

/** The fields of a lien's facts, shared by a lien record's input and the calculator's query. */
export const lienFactsShape = {
  state: z
    .string({ error: 'Choose a state.' })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => US_STATE.test(v), 'Use the two-letter state code, like CA.'),
  role: z.enum(LIEN_ROLES, { error: 'Choose prime contractor, subcontractor or supplier.' }),
  projectType: z.enum(LIEN_PROJECT_TYPES, { error: 'Choose residential or commercial.' }),
  flags: z
    .array(z.enum(LIEN_FLAGS, { error: 'Unknown project flag.' }))
    .max(LIEN_FLAGS.length)
    .transform((flags) => [...new Set(flags)])
    .default([]),
  firstFurnishingDate: optionalDay,
  lastFurnishingDate: optionalDay,
  completionDate: optionalDay,
  noticeOfCompletionDate: optionalDay,
  recordingDate: optionalDay,
};

/** A lien's facts, from a record or the calculator's query; dates in the order work happens. */
export const lienFactsSchema = z.strictObject(lienFactsShape).superRefine((facts, ctx) => lienDateOrder(facts, ctx));
export type LienFacts = z.output<typeof lienFactsSchema>;

/** The longest a lien's furnishing may run, first day to last. */
export const LIEN_FURNISHING_YEARS = 10;

/** Dates that cannot come before another: each names the field it must follow. */
const DATE_ORDER: [LienDateField, LienDateField, string][] = [
  ['lastFurnishingDate', 'firstFurnishingDate', 'The last furnishing date cannot be before the first.'],
  ['completionDate', 'firstFurnishingDate', 'Completion cannot be before the first furnishing date.'],
  [
    'noticeOfCompletionDate',
    'firstFurnishingDate',
    'A notice of completion cannot be recorded before the first furnishing date.',
  ],
  ['recordingDate', 'firstFurnishingDate', 'The lien cannot be recorded before the first furnishing date.'],
];

/** Adds a per-field issue for every pair of dates out of order (shared by records and the calculator). */
export function lienDateOrder(
  dates: Partial<Record<LienDateField, string | null>>,
  ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void },
): void {
  for (const [later, earlier, message] of DATE_ORDER) {
    const a = dates[later];
    const b = dates[earlier];
    if (a && b && a < b) ctx.addIssue({ code: 'custom', path: [later], message });
  }
  // One lien's work spans months, not decades (and Texas gives a notice per month of it).
  const { firstFurnishingDate: first, lastFurnishingDate: last } = dates;
  if (first && last && last > `${Number(first.slice(0, 4)) + LIEN_FURNISHING_YEARS}${first.slice(4)}`) {
    ctx.addIssue({
      code: 'custom',
      path: ['lastFurnishingDate'],
      message: `Furnishing over more than ${LIEN_FURNISHING_YEARS} years is more than one lien: check the dates.`,
    });
  }
}

/** GET /liens/deadlines: the facts as a query (flags comma-separated). */
export const lienDeadlineQuerySchema = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object') return raw;
  const query = raw as Record<string, unknown>;
  const flags = query.flags;
  return {
    ...query,
    flags: typeof flags === 'string' ? flags.split(',').filter(Boolean) : (flags ?? []),
  };
}, lienFactsSchema);

// ---- What the engine answers ----

export const LIEN_DEADLINE_STATES = ['due', 'needs', 'not_applicable'] as const;
export type LienDeadlineState = (typeof LIEN_DEADLINE_STATES)[number];

export const lienRuleRefSchema = z.strictObject({
  /** The row's place in the rules file (0-based), stable within a version. */
  index: z.number().int(),
  citation: z.string(),
  source: z.string(),
  confidence: z.enum(['high', 'medium', 'low']),
  conditions: z.string(),
});
export type LienRuleRef = z.output<typeof lienRuleRefSchema>;

export const lienDeadlineSchema = z.strictObject({
  kind: z.enum(LIEN_DEADLINE_KINDS),
  trigger: z.enum(LIEN_TRIGGERS),
  /** `due`: a date; `needs`: a fact the record lacks; `not_applicable`: the rule's conditions rule it out. */
  state: z.enum(LIEN_DEADLINE_STATES),
  /** The last day, after the rule's own weekend and holiday handling. */
  date: calendarDateSchema.nullable(),
  /** The date the arithmetic gives, before any roll-forward. */
  computedDate: calendarDateSchema.nullable(),
  /** The day reminders count down to: never after `date`, a business day. */
  remindOn: calendarDateSchema.nullable(),
  /** For Texas's monthly notice: the month furnished (YYYY-MM). */
  month: z.string().nullable(),
  /** What the record lacks (state `needs`), e.g. ["completion date"]. */
  needs: z.array(z.string()),
  /** Why it does not apply, or how the date was reached: quotes of the conditions it implements. */
  notes: z.array(z.string()),
  /** True when the conditions say nothing the engine could apply to a weekend or holiday. */
  checkConditions: z.boolean(),
  /** True when an earlier date of the same pair applies instead (CA and AZ recording). */
  superseded: z.boolean(),
  /** True when it is shown for reference only and gets no reminders (an outer limit). */
  reference: z.boolean(),
  rule: lienRuleRefSchema,
});
export type LienDeadline = z.output<typeof lienDeadlineSchema>;

export const lienDeadlineResultSchema = z.strictObject({
  rulesVersion: z.string(),
  disclaimer: z.string(),
  /** `no_rule`: the state, role or project has no rule in the file; `message` says which. */
  status: z.enum(['ok', 'no_rule']),
  message: z.string().nullable(),
  deadlines: z.array(lienDeadlineSchema),
});
export type LienDeadlineResult = z.output<typeof lienDeadlineResultSchema>;
