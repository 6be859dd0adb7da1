import sanitizeHtml from 'sanitize-html';

/**
 * What the rich-text editor (Tiptap's starter kit) writes and the store may show: text
 * formatting, headings, lists, quotes and links. Everything else (scripts, styles, event
 * attributes, images, iframes) goes; a script's or style's content with it, other tags' text
 * stays. Links keep http, https, mailto and tel only, and always open apart from the page.
 */
const RICH: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
    'a',
  ],
  // rel and target are the transform's, set on every link whatever the input said.
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    h1: 'h2',
  },
};

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Rich text as it is stored: sanitised HTML, or '' when it holds no text (an empty editor writes
 * "<p></p>"). Plain text (no tags: an API client's, an import's) becomes a paragraph per line, as
 * migration 0032 did to the descriptions written before.
 */
export function cleanRichText(input: string): string {
  const html = /<[a-z!/]/i.test(input)
    ? input
    : input
        .split(/\r?\n/)
        .filter((line) => line.trim())
        .map((line) => `<p>${escapeText(line)}</p>`)
        .join('');
  const clean = sanitizeHtml(html, RICH).trim();
  return richTextToPlain(clean) === '' ? '' : clean;
}

/** The words of rich text, for search and exports: tags gone, blocks apart, spaces collapsed. */
export function richTextToPlain(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h\d|li|blockquote)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  });
  // sanitize-html escapes these four in text, and only these.
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
