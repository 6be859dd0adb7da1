import type { ImportField } from '@atelier/contracts';

/** What matching reads of a field: its key, its label (an export's heading), and other names people give it. */
type Named = Pick<ImportField, 'key' | 'label' | 'synonyms'>;

/**
 * A heading as compared: accents, case, punctuation and spacing gone ("Prix (€)" → "prix",
 * "priceCents" → "price cents"), with what is in brackets dropped, since it says the unit or
 * currency, not the field.
 */
export function headingKey(heading: string): string {
  return heading
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2') // priceCents → price Cents
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Which field each column fills, from its heading: the field's label (so an export maps back
 * by itself), its key, or one of its other names, compared by `headingKey`. A field is filled by
 * one column at most, the first that names it; a column nothing matches is left out (null),
 * for the person mapping to choose.
 */
export function matchHeadings(headings: readonly string[], fields: readonly Named[]): (string | null)[] {
  // Labels first, then keys, then other names: a field's own label is never another's synonym.
  const byName = new Map<string, string>();
  const names = [
    ...fields.map((f) => [f.label, f.key] as const),
    ...fields.map((f) => [f.key, f.key] as const),
    ...fields.flatMap((f) => (f.synonyms ?? []).map((s) => [s, f.key] as const)),
  ];
  for (const [name, key] of names) {
    const k = headingKey(name);
    if (k && !byName.has(k)) byName.set(k, key);
  }
  const taken = new Set<string>();
  return headings.map((heading) => {
    const key = byName.get(headingKey(heading));
    if (!key || taken.has(key)) return null;
    taken.add(key);
    return key;
  });
}
