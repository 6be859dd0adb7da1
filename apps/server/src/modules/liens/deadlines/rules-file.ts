import fs from 'node:fs';
import { LIEN_DEADLINE_KINDS, LIEN_PROJECT_TYPES, LIEN_ROLES, LIEN_TRIGGERS } from '@atelier/contracts';
import { z } from 'zod';
import { loadConfig } from '../../../config';
import { conditionFor, ruleKey } from './conditions';

/**
 * The supplied rules file (`apps/server/rules/lien-rules.json`, its twin `lien-rules.md` explains
 * every field), read as it is: a row's dates are never changed in code (decision 0048).
 */
const text = z.string().trim().min(1, 'must not be empty');
const whole = (min: number, max: number) => z.number().int('must be a whole number').min(min).max(max);

const ruleSchema = z
  .strictObject({
    state: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code'),
    role: z.enum(LIEN_ROLES),
    kind: z.enum(LIEN_DEADLINE_KINDS),
    trigger: z.enum(LIEN_TRIGGERS),
    offsetDays: whole(0, 3660).nullable(),
    offsetMonths: whole(0, 120).nullable(),
    dayOfMonth: whole(1, 31).nullable(),
    projectTypes: z.array(z.enum(LIEN_PROJECT_TYPES)).min(1).nullable(),
    conditions: text,
    citation: text,
    source: text,
    confidence: z.enum(['high', 'medium', 'low']),
  })
  .superRefine((rule, ctx) => {
    if ((rule.offsetDays === null) === (rule.offsetMonths === null))
      ctx.addIssue({
        code: 'custom',
        path: ['offsetDays'],
        message: 'give exactly one of offsetDays and offsetMonths',
      });
    if (rule.dayOfMonth !== null && rule.offsetMonths === null)
      ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: 'dayOfMonth needs offsetMonths' });
  });
export type LienRule = z.output<typeof ruleSchema> & { index: number };

const fileSchema = z.strictObject({
  version: text,
  disclaimer: text,
  rules: z.array(z.unknown()).min(1, 'must hold at least one rule'),
});

export type LienRules = { version: string; disclaimer: string; rules: LienRule[] };

/** The row as a person finds it in the file: "rule 12 (TX subcontractor preliminary_notice each_month_furnished)". */
function rowName(index: number, row: unknown): string {
  const r = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
  const words = [r.state, r.role, r.kind, r.trigger].filter((w) => typeof w === 'string');
  return `rule ${index}${words.length ? ` (${words.join(' ')})` : ''}`;
}

/**
 * Checks a parsed rules file: every row against the schema and against the reviewed table of
 * what its conditions say (conditions.ts). Throws one message naming each bad row.
 */
export function parseLienRules(raw: unknown, file: string): LienRules {
  const problems: string[] = [];
  const top = fileSchema.safeParse(raw);
  if (!top.success) {
    for (const issue of top.error.issues) problems.push(`${issue.path.join('.') || 'the file'}: ${issue.message}`);
    throw new Error(`The lien rules file ${file} is not valid:\n  ${problems.join('\n  ')}`);
  }
  const rules: LienRule[] = [];
  top.data.rules.forEach((row, index) => {
    const parsed = ruleSchema.safeParse(row);
    if (!parsed.success) {
      const what = parsed.error.issues.map((i) => `${i.path.join('.') || 'row'} ${i.message}`).join('; ');
      problems.push(`${rowName(index, row)}: ${what}`);
      return;
    }
    const rule = { ...parsed.data, index };
    // A row the reviewed table does not cover has conditions no one has read into the engine:
    // refusing beats guessing a date from it.
    if (!conditionFor(rule))
      problems.push(`${rowName(index, row)}: no reviewed entry for ${ruleKey(rule)} in conditions.ts`);
    rules.push(rule);
  });
  if (problems.length > 0) throw new Error(`The lien rules file ${file} is not valid:\n  ${problems.join('\n  ')}`);
  return { version: top.data.version, disclaimer: top.data.disclaimer, rules };
}

const loaded = new Map<string, LienRules>();

/** The rules in `file`, read and checked once per path; a bad file throws (the server does not start). */
export function lienRules(file: string): LienRules {
  const cached = loaded.get(file);
  if (cached) return cached;
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `The lien rules file ${file} could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const rules = parseLienRules(raw, file);
  loaded.set(file, rules);
  return rules;
}

let active: LienRules | null = null;

/** Reads and checks the configured rules as the server starts (liens.module.ts); they serve every lien from then on. */
export function startLienRules(file: string): void {
  active = lienRules(file);
}

/** The rules the server started with (or, for seeds run without a server, the configured ones). */
export function activeLienRules(): LienRules {
  active ??= lienRules(loadConfig().lienRulesFile);
  return active;
}
