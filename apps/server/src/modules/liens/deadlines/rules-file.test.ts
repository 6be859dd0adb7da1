import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { conditionFor, conditionKeys, ruleKey } from './conditions';
import { parseLienRules } from './rules-file';

const file = loadConfig({}).lienRulesFile;
const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { rules: Record<string, unknown>[] };
const rules = parseLienRules(raw, file).rules;

describe('the reviewed table of what the rules say in words', () => {
  it('has an entry for every row of the file, and no entry without a row', () => {
    const missing = rules.filter((rule) => !conditionFor(rule)).map((rule) => `${rule.index} ${ruleKey(rule)}`);
    expect(missing).toEqual([]);
    const keys = new Set(rules.map(ruleKey));
    expect(conditionKeys().filter((key) => !keys.has(key))).toEqual([]);
  });

  it('quotes only words its rows say', () => {
    const unquoted: string[] = [];
    for (const rule of rules) {
      const entry = conditionFor(rule)!;
      const siblings = rules.filter((r) => ruleKey(r) === ruleKey(rule)).map((r) => r.conditions);
      const words = [
        ...entry.quotes,
        ...entry.rollover.quotes,
        ...(entry.onlyWhenDated ? [entry.onlyWhenDated] : []),
        ...(entry.reference ? [entry.reference.quote] : []),
        ...Object.values(entry.flagNotes ?? {}),
      ];
      for (const quote of words)
        if (!siblings.some((conditions) => conditions.includes(quote))) unquoted.push(`${rule.index}: ${quote}`);
      // Every row is read by at least one quote of its entry.
      if (!entry.quotes.some((quote) => rule.conditions.includes(quote)) && entry.quotes.length > 0)
        unquoted.push(`${rule.index} is quoted by none of its entry's words`);
    }
    expect(unquoted).toEqual([]);
  });
});

describe('a rules file that fails its schema', () => {
  const copy = () => structuredClone(raw);

  it('is refused with a message naming the bad row', () => {
    const bad = copy();
    bad.rules[12]!.offsetMonths = 'three';
    bad.rules[40]!.role = 'architect';
    expect(() => parseLienRules(bad, 'rules.json')).toThrow(
      /rules\.json is not valid:\n {2}rule 12 \(TX subcontractor preliminary_notice each_month_furnished\): offsetMonths .*\n {2}rule 40 \(NY architect lien_recording last_furnishing\): role/,
    );
  });

  it('is refused when a row has both offsets, or a day of month without months', () => {
    const bad = copy();
    bad.rules[0]!.offsetMonths = 2;
    bad.rules[1]!.dayOfMonth = 15;
    expect(() => parseLienRules(bad, 'rules.json')).toThrow(
      /rule 0 \(CA prime preliminary_notice first_furnishing\): offsetDays give exactly one of offsetDays and offsetMonths\n {2}rule 1 .*dayOfMonth needs offsetMonths/,
    );
  });

  it('is refused when a row has no reviewed entry (a state or trigger the engine has not read)', () => {
    const bad = copy();
    bad.rules.push({ ...bad.rules[0]!, state: 'OR' });
    expect(() => parseLienRules(bad, 'rules.json')).toThrow(
      'rule 102 (OR prime preliminary_notice first_furnishing): no reviewed entry for OR|prime|preliminary_notice|first_furnishing|all in conditions.ts',
    );
  });

  it('is refused when it is not the file’s shape at all', () => {
    expect(() => parseLienRules({ version: '1', rules: [] }, 'rules.json')).toThrow(
      /disclaimer.*\n.*rules: must hold/s,
    );
  });
});
