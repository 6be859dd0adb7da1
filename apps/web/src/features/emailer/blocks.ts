import {
  EMAIL_BLOCK_LABELS,
  type Email,
  type EmailBlockInput,
  type EmailBlockType,
  type EmailInput,
  MERGE_FIELDS,
  type MergeField,
} from '@atelier/contracts';

/** A merge field as it is written in an email: `{{first_name}}`. */
export const mergeToken = (field: MergeField) => `{{${field}}}`;

/** The merge fields as the editor offers them: what is inserted, and what it reads as. */
export const MERGE_FIELD_ITEMS = (Object.keys(MERGE_FIELDS) as MergeField[]).map((field) => ({
  value: mergeToken(field),
  label: MERGE_FIELDS[field].label,
}));

/** A new block of each type, empty: the editor adds it at the bottom. */
export function newBlock(type: EmailBlockType): EmailBlockInput {
  switch (type) {
    case 'heading':
      return { type, text: '' };
    case 'text':
      return { type, html: '' };
    case 'image':
      return { type, file: '', alt: '', href: '' };
    case 'button':
      return { type, label: '', url: '' };
    case 'products':
      return { type, products: [] };
    case 'footer':
      return { type, text: '' };
  }
}

/** Whether a block holds nothing yet (removing it asks nothing). */
export function isEmptyBlock(block: EmailBlockInput): boolean {
  switch (block.type) {
    case 'heading':
    case 'footer':
      return !block.text.trim();
    case 'text':
      return !block.html.replace(/<[^>]*>/g, '').trim();
    case 'image':
      return !block.file && !block.alt?.trim() && !block.href?.trim();
    case 'button':
      return !block.label.trim() && !block.url.trim();
    case 'products':
      return block.products.length === 0;
  }
}

const short = (text: string, max = 40) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};

/** What a block reads as in its own header and to a screen reader: its type and its words ("Heading: Spring sale"). */
export function blockName(block: EmailBlockInput, index: number): string {
  const label = `${EMAIL_BLOCK_LABELS[block.type]} ${index + 1}`;
  const words =
    block.type === 'heading' || block.type === 'footer'
      ? block.text
      : block.type === 'text'
        ? block.html.replace(/<[^>]*>/g, ' ')
        : block.type === 'button'
          ? block.label
          : block.type === 'image'
            ? (block.alt ?? '')
            : '';
  const said = short(words);
  return said ? `${label}: ${said}` : label;
}

/** Text with `snippet` put in place of the selection (or at the cursor), and where the cursor goes after it. */
export function insertAt(text: string, start: number, end: number, snippet: string): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + snippet + text.slice(to), caret: from + snippet.length };
}

/** The list with the item at `from` moved to `to` (the keyboard's up and down, and a drop). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** An email as its forms edit it: the whole input a save sends back (PUT takes it all). */
export const emailValues = (email: Email): EmailInput => ({
  name: email.name,
  subject: email.subject,
  preheader: email.preheader,
  blocks: email.blocks,
});
