import { EMAIL_BLOCK_TYPES, type EmailBlockInput, emailBlockSchema, MERGE_FIELDS } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { blockName, insertAt, isEmptyBlock, MERGE_FIELD_ITEMS, mergeToken, moveItem, newBlock } from './blocks';

const PRODUCT = '019a0000-0000-7000-8000-000000000001';
const FILE = '019a0000-0000-7000-8000-000000000002';

/** Each type's new block as someone fills it in: what the contract then takes. */
const FILLED: Record<(typeof EMAIL_BLOCK_TYPES)[number], Partial<EmailBlockInput>> = {
  heading: { text: 'Spring sale, {{first_name}}' },
  text: { html: '<p>Hello</p>' },
  image: { file: FILE, alt: 'The new showroom' },
  button: { label: 'Book a visit', url: 'https://example.com/visit' },
  products: { products: [PRODUCT] },
  footer: { text: 'Sent with care.' },
};

describe('an email’s blocks', () => {
  it.each(EMAIL_BLOCK_TYPES)('starts a %s block empty, of the contract’s shape once filled in', (type) => {
    const block = newBlock(type);
    expect(block.type).toBe(type);
    expect(isEmptyBlock(block)).toBe(true);
    const filled = { ...block, ...FILLED[type] } as EmailBlockInput;
    expect(emailBlockSchema.safeParse(filled).success).toBe(true);
    expect(isEmptyBlock(filled)).toBe(false);
  });

  it('counts a text block holding only empty paragraphs as empty', () => {
    expect(isEmptyBlock({ type: 'text', html: '<p></p><p> </p>' })).toBe(true);
  });

  it('names a block by its type, place and first words', () => {
    expect(blockName({ type: 'heading', text: 'Spring sale' }, 0)).toBe('Heading 1: Spring sale');
    expect(blockName({ type: 'text', html: '<p>Hello <b>Casey</b></p>' }, 2)).toBe('Text 3: Hello Casey');
    expect(blockName({ type: 'products', products: [] }, 1)).toBe('Product cards 2');
    expect(blockName({ type: 'button', label: 'x'.repeat(60), url: '' }, 0)).toMatch(/^Button 1: x{39}…$/);
  });

  it('inserts a merge field at the cursor, or in place of the selection', () => {
    expect(insertAt('Hello !', 6, 6, '{{first_name}}')).toEqual({ text: 'Hello {{first_name}}!', caret: 20 });
    expect(insertAt('Hello you!', 6, 9, '{{first_name}}')).toEqual({ text: 'Hello {{first_name}}!', caret: 20 });
    // A cursor past the end (the value changed meanwhile) puts it at the end.
    expect(insertAt('Hi', 9, 9, '{{email}}')).toEqual({ text: 'Hi{{email}}', caret: 11 });
  });

  it('moves a block up and down, and leaves the list alone for a move off its ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('offers every merge field of the contract, as it is written', () => {
    expect(MERGE_FIELD_ITEMS.map((i) => i.value)).toEqual(
      Object.keys(MERGE_FIELDS).map((f) => mergeToken(f as keyof typeof MERGE_FIELDS)),
    );
    expect(MERGE_FIELD_ITEMS[0]).toEqual({ value: '{{first_name}}', label: 'First name' });
  });
});
