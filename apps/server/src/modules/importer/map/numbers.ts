import type { NumberFormat } from '@atelier/contracts';

const example = (f: NumberFormat) => `1${f.thousands}234${f.decimal}56`;

export type Parsed = { value: string; negative: boolean; percent: boolean } | { error: string } | null;

/**
 * A number as a person writes it in a spreadsheet, read exactly (as decimal digits, never
 * through a float): currency signs and codes, a percent sign, a minus or accounting parentheses,
 * and thousands grouped as the format says (groups of three, or none at all). Empty is null. A
 * number the format does not fit ("12,5" where the decimal is a dot) is an error that says how
 * the format writes numbers, rather than a guess that is off by a thousand.
 */
export function parseDecimal(text: string, format: NumberFormat): Parsed {
  const patterns = patternsOf(format);
  // Most cells of a price list are bare numbers (12, 1234.50): read at once, as below would.
  const bare = patterns.bare.exec(text);
  if (bare) return { value: normalise(bare[1]!, bare[2] ?? ''), negative: false, percent: false };
  let t = text.trim().replace(/[\u00a0\u202f]/g, ' ');
  if (t === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1).trim();
  }
  if (t.startsWith('-') || t.startsWith('−')) {
    negative = !negative;
    t = t.slice(1).trim();
  }
  const percent = t.endsWith('%');
  if (percent) t = t.slice(0, -1).trim();
  // Currency: a sign or a three-letter code before or after ($12, 12 USD, €12).
  t = t
    .replace(/^(?:[$€£¥]|[A-Z]{3})\s*/, '')
    .replace(/\s*(?:[$€£¥]|[A-Z]{3})$/, '')
    .trim();
  if (t.startsWith('-') && !negative) {
    negative = true;
    t = t.slice(1).trim();
  }
  // Excel's scientific notation (1.2E+05) is always written with a dot.
  const scientific = /^(\d+)(?:\.(\d+))?[eE]([+-]?\d+)$/.exec(t);
  if (scientific) {
    const [, whole = '', fraction = '', exp] = scientific;
    if (Math.abs(Number(exp)) > 30) return { error: `“${text.trim()}” is too large or too small a number.` };
    const digits = whole + fraction;
    // Where the point falls in `digits` once the exponent has moved it.
    const point = whole.length + Number(exp);
    const [w, f] =
      point <= 0
        ? ['0', '0'.repeat(-point) + digits]
        : point >= digits.length
          ? [digits + '0'.repeat(point - digits.length), '']
          : [digits.slice(0, point), digits.slice(point)];
    return { value: normalise(w, f), negative, percent };
  }
  const { grouped, plain, thousands: th } = patterns;
  const wrong = { error: `“${text.trim()}” is not a number written as ${example(format)}.` };
  if (t === '' || !/\d/.test(t)) return wrong;
  if (!(grouped?.test(t) || plain.test(t))) return wrong;
  const ungrouped = th ? t.replace(th, '') : t;
  const [whole = '', fraction = ''] = ungrouped.split(format.decimal);
  return { value: normalise(whole, fraction), negative, percent };
}

type Patterns = { bare: RegExp; grouped: RegExp | null; plain: RegExp; thousands: RegExp | null };
const patternCache = new Map<string, Patterns>();

/** A format's patterns, made once per format (a file has a million cells, and one format). */
function patternsOf(format: NumberFormat): Patterns {
  const key = format.decimal + format.thousands;
  let patterns = patternCache.get(key);
  if (!patterns) {
    const literal = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const d = literal(format.decimal);
    const th = format.thousands === '' ? null : literal(format.thousands);
    patterns = {
      bare: new RegExp(`^(\\d+)(?:${d}(\\d+))?$`),
      grouped: th ? new RegExp(`^\\d{1,3}(?:${th}\\d{3})+(?:${d}\\d+)?$`) : null,
      plain: new RegExp(`^\\d*(?:${d}\\d+)?$`),
      thousands: th ? new RegExp(th, 'g') : null,
    };
    patternCache.set(key, patterns);
  }
  return patterns;
}

/** "0012.500" → "12.5"; "" → "0". */
function normalise(whole: string, fraction: string): string {
  const w = whole.replace(/^0+(?=\d)/, '') || '0';
  const f = fraction.replace(/0+$/, '');
  return f ? `${w}.${f}` : w;
}

/**
 * A parsed number in whole units of `decimals` places (cents: 2; hundredths of a cent: 4;
 * ten-thousandths of a unit: 4), rounded half up, exactly; null when it is too large to be kept
 * exactly (beyond 2^53 units). A percent is a number of percent.
 */
export function toUnits(parsed: { value: string; negative: boolean }, decimals: number): number | null {
  const [whole, fraction = ''] = parsed.value.split('.');
  const kept = `${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}`;
  let units = BigInt(kept);
  if ((fraction[decimals] ?? '0') >= '5') units += 1n;
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const n = Number(units);
  return parsed.negative && n !== 0 ? -n : n;
}
