import { escapeHtml } from '../../../platform/text/escape-html';

/**
 * HTML for the store's pages, escaped by construction: every value put into an `html` template
 * is escaped unless it is itself `html` (a part made the same way). A product's name, a search
 * term or a firm's banner therefore reaches the page as text, never as markup.
 */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

export { escapeHtml };

type Part = Html | string | number | null | undefined | false | readonly Part[];

const render = (part: Part): string => {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
};

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < parts.length; i++) out += render(parts[i] as Part) + (strings[i + 1] ?? '');
  return new Html(out);
}

/**
 * Structured data for search engines, inside `<script type="application/ld+json">`: JSON with `<` escaped,
 * so no value can close the element (`</script>`) or open a comment.
 */
export const jsonLd = (data: unknown) =>
  new Html(
    `<script type="application/ld+json">${JSON.stringify(data)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029')}</script>`,
  );

/** Text of our own (the stylesheet), never a visitor's or a firm's: put in as it is. */
export const raw = (text: string) => new Html(text);
