import {
  LIEN_WAIVER_CONDITIONS,
  LIEN_WAIVER_DIRECTIONS,
  LIEN_WAIVER_SCOPES,
  type LienWaiver,
  type LienWaiverValues,
} from '@atelier/contracts';

/** What a new waiver starts with, from its page's address: only values the form can hold. */
export type WaiverStart = Partial<
  Pick<
    LienWaiverValues,
    'lien' | 'direction' | 'condition' | 'scope' | 'amountCents' | 'throughDate' | 'party' | 'payment'
  >
>;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((v) => v === value);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `?lien=&direction=&condition=&scope=&amount=(cents)&through=&party=&payment=` as a new
 * waiver's values; anything unreadable is left out (the form then starts empty there).
 */
export function waiverStartFrom(search: URLSearchParams): WaiverStart {
  const start: WaiverStart = {};
  const lien = search.get('lien');
  if (lien) start.lien = lien;
  const direction = oneOf(LIEN_WAIVER_DIRECTIONS, search.get('direction'));
  if (direction) start.direction = direction;
  const condition = oneOf(LIEN_WAIVER_CONDITIONS, search.get('condition'));
  if (condition) start.condition = condition;
  const scope = oneOf(LIEN_WAIVER_SCOPES, search.get('scope'));
  if (scope) start.scope = scope;
  const amount = search.get('amount');
  if (amount && /^\d+$/.test(amount)) start.amountCents = Number(amount);
  const through = search.get('through');
  if (through && DATE.test(through)) start.throughDate = through;
  const party = search.get('party')?.trim();
  if (party) start.party = party;
  const payment = search.get('payment');
  // A customer's payment answers a waiver the firm gives.
  if (payment && (start.direction ?? 'given') === 'given') start.payment = payment;
  return start;
}

/** A waiver's values as its form edits them and a save sends them: references by id. */
export const lienWaiverValues = (record: LienWaiver | undefined, start: WaiverStart = {}): LienWaiverValues => ({
  lien: record?.lien._id ?? start.lien ?? '',
  direction: record?.direction ?? start.direction ?? 'given',
  condition: record?.condition ?? start.condition ?? 'conditional',
  scope: record?.scope ?? start.scope ?? 'progress',
  party: record?.party ?? start.party ?? '',
  amountCents: (record?.amountCents ?? start.amountCents) as number,
  throughDate: record ? record.throughDate : (start.throughDate ?? null),
  payment: record ? (record.payment?._id ?? null) : (start.payment ?? null),
  billPayment: record?.billPayment?._id ?? null,
  signedOn: record?.signedOn ?? null,
  signedCopy: record?.signedCopy?._id ?? null,
  notes: record?.notes ?? '',
});
