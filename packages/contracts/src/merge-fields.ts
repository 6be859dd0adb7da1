import { z } from 'zod';

/** Anything between double braces: `{{name}}`, spaces inside allowed. */
const MERGE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * Merge fields written `{{name}}` from an allow-list (a lien waiver's, an email's): substituted
 * as plain text, never evaluated. Anything else in double braces (`{{customer.__proto__}}`,
 * `{{ 7*7 }}`) is refused when the text is saved, so no template language ever runs user input.
 */
export function mergeFields<K extends string>(allowed: Readonly<Record<K, unknown>>) {
  const known = (name: string): name is K => Object.hasOwn(allowed, name);
  /** The merge fields a text names that are not on the list. */
  const unknown = (text: string) => [...text.matchAll(MERGE)].map((m) => m[1] ?? '').filter((f) => !known(f));
  return {
    unknown,
    /** The text with its merge fields filled in; `encode` makes each value safe where it goes (HTML). */
    fill: (text: string, values: Readonly<Record<K, string>>, encode: (value: string) => string = (v) => v) =>
      text.replace(MERGE, (whole, name: string) => (known(name) ? encode(values[name]) : whole)),
    /** A text that may name only these fields, up to `max` characters. */
    text: (max: number) =>
      z
        .string()
        .max(max, `Use at most ${max.toLocaleString('en-US')} characters.`)
        .superRefine((text, ctx) => {
          const bad = [...new Set(unknown(text))];
          if (bad.length)
            ctx.addIssue({
              code: 'custom',
              message: `${bad.map((f) => `{{${f}}}`).join(', ')} ${bad.length === 1 ? 'is not a merge field' : 'are not merge fields'}: use one from the list.`,
            });
        }),
  };
}
