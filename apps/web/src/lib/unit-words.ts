import { SELL_UNIT_LABELS, type SellUnit } from '@atelier/contracts';

/** A sell unit in words for `n` of it: "box", "boxes", "sq ft", "sheets", "units" (of each). */
export const unitWords = (unit: SellUnit, n = 1) => {
  const word = SELL_UNIT_LABELS[unit].toLowerCase();
  if (unit === 'each' && n !== 1) return 'units';
  return n === 1 || word.endsWith('ft') ? word : `${word}${word.endsWith('x') || word.endsWith('s') ? 'es' : 's'}`;
};
