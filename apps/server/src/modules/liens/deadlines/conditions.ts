import type { LienDeadlineKind, LienFlag, LienProjectType, LienRole, LienTrigger } from '@atelier/contracts';

/**
 * What the rules file states only in words, read into the engine: one reviewed entry per
 * (state, role, kind, trigger, project types) of lien-rules.json. Each entry quotes the words of
 * the row's `conditions` it implements (a test checks every quote is there, and that every row has
 * an entry); anything a row says that is not here is shown to the user as it is written.
 * Reviewed against lien-rules.json version 2026-11-24 (decision 0048).
 */

type RolloverMode =
  /** A last day on a weekend or holiday moves to the next business day, as the row says. */
  | 'forward'
  /** The row says so, but doubts it reaches liens: the date moves, reminders aim before it. */
  | 'forward_uncertain'
  /** The row says the last day does not move (or not to assume it does). */
  | 'none'
  /** The row says nothing the engine can apply: the date as computed, "check the conditions". */
  | 'unstated';

export type Rollover = { mode: RolloverMode; quotes: string[] };

/** How the date a row runs from is found, where it is not simply its trigger's date. */
export type RunsFrom =
  /** The later of last furnishing and completion, when completion is known (CO suit). */
  | 'later_of_last_furnishing_and_completion'
  /** The earlier of last furnishing and completion, when both are known (IL subcontractor suit). */
  | 'earlier_of_last_furnishing_and_completion'
  /** The same role's and project type's lien-recording deadline, rolled, plus 12 months (TX suit). */
  | 'lien_recording_deadline_plus_12_months';

export type ConditionEntry = {
  /** Words of the row's conditions this entry implements, verbatim. */
  quotes: string[];
  rollover: Rollover;
  /** Why the row does not reach a project with these flags (a quote), or null when it does. */
  excludedFor?: (flags: ReadonlySet<LienFlag>) => string | null;
  /** The row applies only once its trigger has happened (an owner's recorded notice): without it, "does not apply". */
  onlyWhenDated?: string;
  /** It and the other row of its (state, role, kind) marked so are an EARLIER-OF pair. */
  earlierOf?: true;
  runsFrom?: RunsFrom;
  /**
   * The row of this key with this many months is shown for reference, without reminders: another
   * row is the operative one (Illinois's two prime recording rows share one key).
   */
  reference?: { offsetMonths: number; quote: string };
  /** Words shown with the date because the engine cannot check them (a lender, a notice of commencement). */
  caveats?: string[];
  /** Words shown only when the project has a flag (Texas homestead). */
  flagNotes?: Partial<Record<LienFlag, string>>;
};

type RuleIdentity = {
  state: string;
  role: LienRole;
  kind: LienDeadlineKind;
  trigger: LienTrigger;
  projectTypes: LienProjectType[] | null;
};

export const ruleKey = (r: RuleIdentity) =>
  `${r.state}|${r.role}|${r.kind}|${r.trigger}|${r.projectTypes?.join('+') ?? 'all'}`;

const TABLE = new Map<string, ConditionEntry>();
const ALL_ROLES: LienRole[] = ['prime', 'subcontractor', 'supplier'];
const SUBS: LienRole[] = ['subcontractor', 'supplier'];

function add(
  state: string,
  roles: LienRole[],
  kind: LienDeadlineKind,
  trigger: LienTrigger,
  projectTypes: LienProjectType[] | null,
  entry: ConditionEntry,
): void {
  for (const role of roles) {
    const key = ruleKey({ state, role, kind, trigger, projectTypes });
    if (TABLE.has(key)) throw new Error(`conditions.ts: ${key} is entered twice`);
    TABLE.set(key, entry);
  }
}

export const conditionFor = (rule: RuleIdentity): ConditionEntry | undefined => TABLE.get(ruleKey(rule));
/** Every key the table holds (for the test that no entry outlives its row). */
export const conditionKeys = () => [...TABLE.keys()];

const has = (flags: ReadonlySet<LienFlag>, ...wanted: LienFlag[]) => wanted.every((f) => flags.has(f));

// ---- CA ----
const CA_ROLL: Rollover = {
  mode: 'forward',
  quotes: ['Rollover: last day on a Saturday or holiday extends to the next non-holiday'],
};
add('CA', ['prime'], 'preliminary_notice', 'first_furnishing', null, {
  quotes: ['ONLY to the construction lender or reputed construction lender, and only if there is one'],
  caveats: [
    'A direct contractor (contract with owner) must give preliminary notice ONLY to the construction lender or reputed construction lender, and only if there is one; no notice to the owner is required.',
  ],
  rollover: CA_ROLL,
});
add('CA', SUBS, 'preliminary_notice', 'first_furnishing', null, {
  quotes: ['compliance is a prerequisite to a valid lien'],
  rollover: CA_ROLL,
});
add('CA', ['prime'], 'lien_recording', 'completion', null, {
  quotes: ['EARLIER-OF with the notice_of_completion row'],
  earlierOf: true,
  rollover: CA_ROLL,
});
add('CA', SUBS, 'lien_recording', 'completion', null, {
  quotes: ['before the EARLIER of 90 days after completion of the whole work of improvement (this row)'],
  earlierOf: true,
  rollover: CA_ROLL,
});
add('CA', ALL_ROLES, 'lien_recording', 'notice_of_completion', null, {
  quotes: ['EARLIER-OF with the 90-days-after-completion row'],
  earlierOf: true,
  onlyWhenDated: 'Applies only if the owner records a',
  rollover: CA_ROLL,
});
add('CA', ALL_ROLES, 'enforcement', 'recording', null, {
  quotes: ['Action to enforce must be commenced within 90 days after recordation of the claim of lien'],
  rollover: CA_ROLL,
});

// ---- TX ----
const TX_ROLL: Rollover = {
  mode: 'forward_uncertain',
  quotes: [
    'moves a deadline falling on a Saturday, Sunday or legal holiday to the next day that is none of those',
    'older guides say there is no extension, so remind for the prior business day when in doubt',
  ],
};
const TX_HOMESTEAD = {
  homestead:
    'Homestead: no lien unless a written contract with the owner was executed BEFORE work/materials, signed by both spouses if married, and filed with the county clerk',
};
add('TX', SUBS, 'preliminary_notice', 'each_month_furnished', ['commercial'], {
  quotes: [
    'after each month in which unpaid labor/materials were provided',
    'Compute as: day 15 of the Nth calendar month',
  ],
  caveats: ['Due only for months with unpaid labor or materials.'],
  rollover: TX_ROLL,
});
add('TX', SUBS, 'preliminary_notice', 'each_month_furnished', ['residential'], {
  quotes: [
    'after each month in which unpaid labor/materials were provided',
    'Compute as: day 15 of the Nth calendar month',
  ],
  caveats: ['Due only for months with unpaid labor or materials.'],
  flagNotes: TX_HOMESTEAD,
  rollover: TX_ROLL,
});
add('TX', ['prime'], 'lien_recording', 'completion', ['commercial'], {
  quotes: ["the month in which the original contractor's work was completed, terminated, or abandoned"],
  rollover: TX_ROLL,
});
add('TX', ['prime'], 'lien_recording', 'completion', ['residential'], {
  quotes: ["the month the original contractor's work was completed, terminated, or abandoned"],
  flagNotes: TX_HOMESTEAD,
  rollover: TX_ROLL,
});
add('TX', SUBS, 'lien_recording', 'last_furnishing', ['commercial'], {
  quotes: ['the month the claimant last provided labor or materials'],
  rollover: TX_ROLL,
});
add('TX', SUBS, 'lien_recording', 'last_furnishing', ['residential'], {
  quotes: ['the month the claimant last provided labor/materials'],
  flagNotes: TX_HOMESTEAD,
  rollover: TX_ROLL,
});
const TX_SUIT: ConditionEntry = {
  quotes: [
    'this row pre-computes that as 12 months after the lien_recording deadline row',
    'if that deadline was rolled forward by § 53.003(e), compute from the rolled date instead',
  ],
  runsFrom: 'lien_recording_deadline_plus_12_months',
  rollover: { mode: 'unstated', quotes: [] },
};
add('TX', ['prime'], 'enforcement', 'completion', ['commercial'], TX_SUIT);
add('TX', ['prime'], 'enforcement', 'completion', ['residential'], TX_SUIT);
add('TX', SUBS, 'enforcement', 'last_furnishing', ['commercial'], TX_SUIT);
add('TX', SUBS, 'enforcement', 'last_furnishing', ['residential'], TX_SUIT);

// ---- FL ----
const FL_ROLL: Rollover = {
  mode: 'forward',
  quotes: [
    'Rollover: last day on a Saturday, Sunday, legal holiday or clerk-closed day extends to the next business day',
  ],
};
add('FL', SUBS, 'preliminary_notice', 'first_furnishing', null, {
  quotes: ['not later than 45 days after commencing to furnish'],
  caveats: [
    'AND in any event before the owner disburses final payment after the contractor furnishes its final payment affidavit',
  ],
  rollover: FL_ROLL,
});
add('FL', ALL_ROLES, 'lien_recording', 'last_furnishing', null, {
  quotes: ["not later than 90 days after the lienor's final furnishing"],
  rollover: FL_ROLL,
});
add('FL', ALL_ROLES, 'enforcement', 'recording', null, {
  quotes: ['Lien lasts 1 year after the claim of lien'],
  rollover: FL_ROLL,
});

// ---- NY ----
const NY_ROLL: Rollover = {
  mode: 'forward_uncertain',
  quotes: [
    'Rollover (general rule, lien-specific application not confirmed): N.Y. Gen. Constr. Law § 25-a allows acts due on a Saturday, Sunday or public holiday on the next business day',
  ],
};
const SINGLE_FAMILY_NY =
  'ONLY where the improvement relates to real property improved or to be improved with a SINGLE-FAMILY dwelling';
add('NY', ALL_ROLES, 'lien_recording', 'last_furnishing', null, {
  quotes: ['Private improvements OTHER than real property improved or to be improved with a single-family dwelling'],
  excludedFor: (flags) =>
    flags.has('single_family')
      ? 'Private improvements OTHER than real property improved or to be improved with a single-family dwelling'
      : null,
  rollover: NY_ROLL,
});
add('NY', ALL_ROLES, 'lien_recording', 'last_furnishing', ['residential'], {
  quotes: [SINGLE_FAMILY_NY],
  excludedFor: (flags) => (flags.has('single_family') ? null : SINGLE_FAMILY_NY),
  rollover: NY_ROLL,
});
add('NY', ALL_ROLES, 'enforcement', 'recording', null, {
  quotes: ['Lien lapses 1 year after the notice of lien was filed'],
  rollover: NY_ROLL,
});

// ---- IL ----
const IL_ROLL: Rollover = {
  mode: 'none',
  quotes: ['No Mechanics Lien Act-specific weekend/holiday rule was found; do not assume a roll-forward.'],
};
add('IL', ['prime'], 'lien_recording', 'completion', null, {
  quotes: ['within 4 months after completion', 'OUTER LIMIT AS TO THE OWNER ONLY'],
  reference: { offsetMonths: 24, quote: 'Treat the 4-month row as the operative reminder.' },
  rollover: IL_ROLL,
});
add('IL', ['prime'], 'enforcement', 'completion', null, {
  quotes: ['Suit to enforce (or counterclaim) must be commenced within 2 years after completion of the contract'],
  rollover: IL_ROLL,
});
add('IL', SUBS, 'preliminary_notice', 'last_furnishing', null, {
  quotes: ['within 90 days after completion of their own work/delivery'],
  caveats: ["Not needed where the contractor's sworn statement correctly lists the claimant and amount."],
  rollover: IL_ROLL,
});
const IL_SIXTY_DAY = "'60-day notice': ONLY on an existing OWNER-OCCUPIED SINGLE-FAMILY residence";
add('IL', SUBS, 'preliminary_notice', 'first_furnishing', ['residential'], {
  quotes: [IL_SIXTY_DAY],
  excludedFor: (flags) =>
    has(flags, 'owner_occupied', 'single_family') && !flags.has('new_construction') ? null : IL_SIXTY_DAY,
  rollover: IL_ROLL,
});
add('IL', SUBS, 'lien_recording', 'last_furnishing', null, {
  quotes: ["the treatise reading is that this runs from completion of the claimant's own work"],
  rollover: IL_ROLL,
});
add('IL', SUBS, 'enforcement', 'last_furnishing', null, {
  quotes: ['use the earlier candidate date if both are known'],
  runsFrom: 'earlier_of_last_furnishing_and_completion',
  rollover: IL_ROLL,
});

// ---- AZ ----
const AZ_ROLL: Rollover = { mode: 'unstated', quotes: ['No Arizona lien-specific weekend/holiday rule was found.'] };
const AZ_OWNER_OCCUPIED =
  'a claimant who did not contract directly with the owner-occupant generally cannot lien an owner-occupied dwelling';
const azOwnerOccupied = (flags: ReadonlySet<LienFlag>) => (flags.has('owner_occupied') ? AZ_OWNER_OCCUPIED : null);
add('AZ', ['prime'], 'preliminary_notice', 'first_furnishing', null, {
  quotes: ['Arizona has NO exemption for the original (direct) contractor'],
  rollover: AZ_ROLL,
});
add('AZ', SUBS, 'preliminary_notice', 'first_furnishing', null, {
  quotes: ['prerequisite to a valid lien', AZ_OWNER_OCCUPIED],
  excludedFor: azOwnerOccupied,
  rollover: AZ_ROLL,
});
add('AZ', ['prime'], 'lien_recording', 'completion', null, {
  quotes: ['EARLIER-OF with the notice_of_completion row'],
  earlierOf: true,
  rollover: AZ_ROLL,
});
add('AZ', SUBS, 'lien_recording', 'completion', null, {
  quotes: ['EARLIER-OF with the notice_of_completion row', AZ_OWNER_OCCUPIED],
  earlierOf: true,
  excludedFor: azOwnerOccupied,
  rollover: AZ_ROLL,
});
add('AZ', ALL_ROLES, 'lien_recording', 'notice_of_completion', null, {
  quotes: ['EARLIER-OF with the 120-days-after-completion row'],
  earlierOf: true,
  onlyWhenDated: 'If the owner records a notice of completion',
  rollover: AZ_ROLL,
});
add('AZ', ALL_ROLES, 'enforcement', 'recording', null, {
  quotes: ['The lien does not continue more than 6 months after it is recorded'],
  rollover: AZ_ROLL,
});

// ---- WA ----
const WA_ROLL: Rollover = {
  mode: 'unstated',
  quotes: ['No Washington lien-specific weekend/holiday rollover rule found.'],
};
const WA_NEW_HOME = (flags: ReadonlySet<LienFlag>) => has(flags, 'new_construction', 'single_family');
add('WA', ['prime'], 'preliminary_notice', 'first_furnishing', ['residential', 'commercial'], {
  quotes: ['PRIOR TO STARTING WORK (deadline = first furnishing date, offset 0)'],
  caveats: [
    '(a) repair, alteration or construction of four or fewer residential units (or accessory structures) at a bid/contract price of $1,000 or more; or (b) a commercial building at $1,000 or more but less than $60,000',
  ],
  rollover: WA_ROLL,
});
add('WA', ['subcontractor'], 'preliminary_notice', 'first_furnishing', null, {
  quotes: ['New construction of a single-family residence: see the 10-day row.'],
  excludedFor: (flags) =>
    WA_NEW_HOME(flags) ? 'New construction of a single-family residence: see the 10-day row.' : null,
  caveats: ['Sources CONFLICT for first-tier subcontractors (contract directly with the prime)'],
  rollover: WA_ROLL,
});
add('WA', ['supplier'], 'preliminary_notice', 'first_furnishing', null, {
  quotes: ['New single-family residential construction: see the 10-day row.'],
  excludedFor: (flags) =>
    WA_NEW_HOME(flags) ? 'New single-family residential construction: see the 10-day row.' : null,
  rollover: WA_ROLL,
});
add('WA', SUBS, 'preliminary_notice', 'first_furnishing', ['residential'], {
  quotes: ['NEW CONSTRUCTION OF A SINGLE-FAMILY RESIDENCE only'],
  excludedFor: (flags) => (WA_NEW_HOME(flags) ? null : 'NEW CONSTRUCTION OF A SINGLE-FAMILY RESIDENCE only'),
  rollover: WA_ROLL,
});
add('WA', ALL_ROLES, 'lien_recording', 'last_furnishing', null, {
  quotes: ['not later than 90 days after the claimant has ceased to furnish'],
  rollover: WA_ROLL,
});
add('WA', ALL_ROLES, 'enforcement', 'recording', null, {
  quotes: ['longer than 8 calendar months after the claim of lien is recorded'],
  rollover: WA_ROLL,
});

// ---- CO ----
const CO_ROLL: Rollover = { mode: 'unstated', quotes: ['No Colorado lien-specific weekend/holiday rule was found.'] };
add('CO', ALL_ROLES, 'lien_recording', 'last_furnishing', null, {
  quotes: ['the practical last day to serve the notice of intent is 10 days before this deadline'],
  caveats: [
    'BEFORE filing, a Notice of Intent to File Lien Statement must be served on the owner and the principal (prime) contractor',
  ],
  rollover: CO_ROLL,
});
add('CO', ALL_ROLES, 'enforcement', 'last_furnishing', null, {
  quotes: ['if the completion date is known, compute from the later date'],
  runsFrom: 'later_of_last_furnishing_and_completion',
  rollover: CO_ROLL,
});

// ---- GA ----
const GA_ROLL: Rollover = {
  mode: 'none',
  quotes: ['NO rollover', 'file before a weekend/holiday last day'],
};
add('GA', SUBS, 'preliminary_notice', 'first_furnishing', null, {
  quotes: ['ONLY if a Notice of Commencement was filed'],
  caveats: [
    'Required ONLY if a Notice of Commencement was filed; due 30 days after the LATER of its filing or first furnishing.',
  ],
  rollover: GA_ROLL,
});
add('GA', ALL_ROLES, 'lien_recording', 'last_furnishing', null, {
  quotes: ["within 90 days after completion of the claimant's work or after the material is furnished"],
  rollover: GA_ROLL,
});
add('GA', ALL_ROLES, 'enforcement', 'recording', null, {
  quotes: ['within 365 days from the date the claim of lien was filed'],
  rollover: GA_ROLL,
});

// ---- NC ----
const NC_ROLL: Rollover = {
  mode: 'unstated',
  quotes: ['No North Carolina lien-specific weekend/holiday rule was found.'],
};
const NC_EXCLUDED = 'excluding improvements to an existing owner-occupied single-family residence';
add('NC', ALL_ROLES, 'preliminary_notice', 'first_furnishing', null, {
  quotes: [NC_EXCLUDED],
  excludedFor: (flags) =>
    has(flags, 'owner_occupied', 'single_family') && !flags.has('new_construction') ? NC_EXCLUDED : null,
  caveats: ['ONLY where the owner had to designate a lien agent: improvements costing $30,000 or more'],
  rollover: NC_ROLL,
});
add('NC', ['prime'], 'lien_recording', 'last_furnishing', null, {
  quotes: ["not later than 120 days after the claimant's last furnishing"],
  rollover: NC_ROLL,
});
add('NC', ['prime'], 'enforcement', 'last_furnishing', null, {
  quotes: ["within 180 days after the claimant's LAST FURNISHING (not after filing)"],
  rollover: NC_ROLL,
});
add('NC', SUBS, 'lien_recording', 'last_furnishing', null, {
  quotes: ['Get counsel before relying on this row.'],
  caveats: ["Sources CONFLICT on whether the 120 days run from the claimant's own last furnishing"],
  rollover: NC_ROLL,
});
add('NC', SUBS, 'enforcement', 'last_furnishing', null, {
  quotes: ['same conflict as the lien_recording row about whose last furnishing counts'],
  caveats: ['same conflict as the lien_recording row about whose last furnishing counts'],
  rollover: NC_ROLL,
});
