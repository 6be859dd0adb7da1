import {
  LIEN_DATE_FIELDS,
  LIEN_FLAGS,
  LIEN_PROJECT_TYPES,
  LIEN_ROLES,
  type LienDateField,
  type LienFlag,
  type LienProjectType,
  type LienRole,
} from '@atelier/contracts';
import type { LienDeadlineQuery } from './api';

/** The calculator's fields as its address holds them (`?state=CA&role=prime&flags=a,b&…`). */
export type CalculatorFields = {
  state: string;
  role: LienRole | null;
  projectType: LienProjectType | null;
  flags: LienFlag[];
} & Record<LienDateField, string>;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  list.find((item) => item === value) ?? null;

/** What the address says; values the calculator does not know are left out (the state is kept, for the server to judge). */
export function readCalculator(params: URLSearchParams): CalculatorFields {
  const flags = (params.get('flags') ?? '').split(',');
  const fields: CalculatorFields = {
    state: (params.get('state') ?? '').trim().toUpperCase(),
    role: oneOf(LIEN_ROLES, params.get('role')),
    projectType: oneOf(LIEN_PROJECT_TYPES, params.get('projectType')),
    flags: LIEN_FLAGS.filter((flag) => flags.includes(flag)),
    firstFurnishingDate: '',
    lastFurnishingDate: '',
    completionDate: '',
    noticeOfCompletionDate: '',
    recordingDate: '',
  };
  for (const field of LIEN_DATE_FIELDS) fields[field] = params.get(field) ?? '';
  return fields;
}

/** The question to ask the server, once a state, role and project type are chosen. */
export function calculatorQuery(fields: CalculatorFields): LienDeadlineQuery | null {
  const { state, role, projectType, flags } = fields;
  if (!state || !role || !projectType) return null;
  const query: LienDeadlineQuery = { state, role, projectType, flags };
  for (const field of LIEN_DATE_FIELDS) if (fields[field]) query[field] = fields[field];
  return query;
}

/** The address after one field changes: an empty value leaves the address. */
export function withField(params: URLSearchParams, key: keyof CalculatorFields, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}
