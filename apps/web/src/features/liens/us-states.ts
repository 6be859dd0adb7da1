const STATES: [string, string][] = Object.entries({
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
});

/** The fifty states and DC by postal code, for the calculator's state picker. */
export const US_STATES: ReadonlyMap<string, string> = new Map(STATES);

/**
 * The states the supplied rules file covers (decision 0048), listed first in the picker. Only a
 * hint: the server answers "no rule for this state" for any other, and that answer is shown.
 */
export const STATES_WITH_RULES = ['AZ', 'CA', 'CO', 'FL', 'GA', 'IL', 'NC', 'NY', 'TX', 'WA'] as const;

const option = (code: string) => ({ value: code, label: `${US_STATES.get(code) ?? code} (${code})` });

/** The picker's options: the covered states, then every other; a code not listed (from the address) is kept. */
export function stateOptions(current: string | null) {
  const covered = new Set<string>(STATES_WITH_RULES);
  const others = [...US_STATES.keys()].filter((code) => !covered.has(code));
  if (current && !US_STATES.has(current)) others.unshift(current);
  return [
    { group: 'States with rules', items: STATES_WITH_RULES.map(option) },
    { group: 'Other states', items: others.map(option) },
  ];
}
