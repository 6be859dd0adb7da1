import type { NumberFormat } from '@atelier/contracts';
import { parseDecimal, toUnits } from './numbers';

/** A cell read as a field wants it, or the message saying why it cannot be. */
export type Read<T> = { value: T } | { error: string };

/**
 * A number in whole units of `decimals` places (cents: 2, hundredths of a cent and measures: 4):
 * empty is null; a negative number or a percent is an error, as no importable amount is either.
 */
export function readUnits(text: string, format: NumberFormat, decimals: number): Read<number | null> {
  const parsed = parseDecimal(text, format);
  if (parsed === null) return { value: null };
  if ('error' in parsed) return parsed;
  if (parsed.percent) return { error: 'Enter an amount, not a percentage.' };
  if (parsed.negative) return { error: 'Use 0 or more.' };
  const units = toUnits(parsed, decimals);
  return units === null ? { error: 'That number is too large.' } : { value: units };
}

/**
 * One of a few choices, by its label or its key, whatever the case ("For sale", "active",
 * "Sq ft", "sq_ft"); empty is null.
 */
export function readChoice<K extends string>(text: string, labels: Readonly<Record<K, string>>): Read<K | null> {
  const t = text.trim().toLowerCase();
  if (t === '') return { value: null };
  const keys = Object.keys(labels) as K[];
  const found = keys.find((k) => k.toLowerCase() === t || labels[k].toLowerCase() === t);
  return found ? { value: found } : { error: `Use one of: ${keys.map((k) => labels[k]).join(', ')}.` };
}

/** A list written in one cell: "Oak, Shaker; Kitchen" → the distinct items, in order. */
export function readList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,;]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * A category path as people write it: "Cabinets > Base cabinets", or as exports write it,
 * "Cabinets / Base cabinets". Gives its names from the top down (empty: no category).
 */
export function readPath(text: string): string[] {
  return text
    .split(/\s*>\s*|\s+\/\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** How a path is compared: names lower-cased, joined by a character no name has. */
export const pathKey = (names: readonly string[]) => names.map((n) => n.toLowerCase()).join('\u001f');

/** A number as the file writes it, for a schema to judge (whole days, say); empty is null. */
export function readNumber(text: string, format: NumberFormat): Read<number | null> {
  const parsed = parseDecimal(text, format);
  if (parsed === null) return { value: null };
  if ('error' in parsed) return parsed;
  if (parsed.percent) return { error: 'Enter a number, not a percentage.' };
  const n = Number(parsed.value);
  return { value: parsed.negative ? -n : n };
}

/** The most web addresses one cell may give (a product has at most 30 images). */
export const MAX_CELL_URLS = 30;

/**
 * Web addresses written in one cell, split on spaces, semicolons or bars (a comma may be part
 * of one; one ending a word is not): each http(s), without a user name, at most 2,000
 * characters. Empty is none.
 */
export function readUrls(text: string): Read<string[]> {
  const urls = [
    ...new Set(
      text
        .split(/[\s;|]+/)
        .map((u) => u.replace(/,+$/, ''))
        .filter(Boolean),
    ),
  ];
  if (urls.length > MAX_CELL_URLS) return { error: `Give at most ${MAX_CELL_URLS} images.` };
  for (const u of urls) {
    let url: URL | null = null;
    try {
      url = u.length <= 2000 ? new URL(u) : null;
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
      return { error: `${u.slice(0, 80)} is not a web address: use one starting with https:// or http://.` };
  }
  return { value: urls };
}
