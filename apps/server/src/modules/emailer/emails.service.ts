import { type Email, type EmailBlock, type EmailRow, emailInputSchema, KINDS } from '@atelier/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { files } from '../../platform/files/files.table';
import { badRequest } from '../../platform/http/errors';
import { buildSearchText } from '../../platform/lists/list';
import { defineRecordType } from '../../platform/records/lifecycle';
import { cleanRichText, richTextToPlain } from '../../platform/text/rich-text';
import { products } from '../products';
import { emailSends, emails } from './emails.table';

const sendCount = sql<number>`(SELECT count(*)::int FROM ${emailSends} s WHERE s.email_id = ${qualified(emails.id)})`;
const lastSent = sql<
  string | null
>`(SELECT to_char(max(s.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  FROM ${emailSends} s WHERE s.email_id = ${qualified(emails.id)})`;

/**
 * The blocks as they are kept: rich text sanitised (scripts, event handlers and styles go), and
 * every image and product one of the firm's (an image file that really is an image).
 */
async function cleanBlocks(db: Executor, blocks: readonly EmailBlock[]): Promise<EmailBlock[]> {
  const fileIds = [...new Set(blocks.flatMap((b) => (b.type === 'image' ? [b.file] : [])))];
  const productIds = [...new Set(blocks.flatMap((b) => (b.type === 'products' ? b.products : [])))];
  const images = new Set(
    fileIds.length
      ? (
          await db
            .select({ id: files.id })
            .from(files)
            .where(sql`${inArray(files.id, fileIds)} AND ${files.contentType} LIKE 'image/%'`)
        ).map((f) => f.id)
      : [],
  );
  const known = new Set(
    productIds.length
      ? (await db.select({ id: products.id }).from(products).where(inArray(products.id, productIds))).map((p) => p.id)
      : [],
  );
  return blocks.map((block, i) => {
    if (block.type === 'image' && !images.has(block.file))
      throw badRequest('Choose an image you uploaded.', {
        [`blocks.${i}.file`]: 'Upload an image (JPEG, PNG, GIF or WebP).',
      });
    if (block.type === 'products' && block.products.some((p) => !known.has(p)))
      throw badRequest('Choose products from the list.', {
        [`blocks.${i}.products`]: 'Choose products from the list.',
      });
    return block.type === 'text' ? { ...block, html: cleanRichText(block.html) } : block;
  });
}

/** The words global search finds an email by: its name, subject and text. */
const wordsOf = (name: string, subject: string, blocks: readonly EmailBlock[]) =>
  buildSearchText([
    name,
    subject,
    ...blocks.map((b) =>
      b.type === 'heading' ? b.text : b.type === 'text' ? richTextToPlain(b.html).slice(0, 2000) : '',
    ),
  ]);

/** The emailer's templates (99). */
export const emailType = defineRecordType<typeof emails, typeof emailInputSchema, Email, EmailRow>({
  kind: KINDS.email,
  table: emails,
  input: emailInputSchema,
  title: (row) => row.name,
  search: {
    title: emails.name,
    subtitle: sql<string>`${qualified(emails.subject)}`,
    text: emails.searchText,
  },
  columns: async (db, _actor, input) => {
    const blocks = await cleanBlocks(db, input.blocks);
    return {
      name: input.name,
      subject: input.subject,
      preheader: input.preheader,
      blocks,
      searchText: wordsOf(input.name, input.subject, blocks),
    };
  },
  // The blocks are long: a history entry says how many there are and what they are.
  audited: (row) => ({
    name: row.name,
    subject: row.subject,
    preheader: row.preheader,
    blocks: row.blocks.map((b) => b.type).join(', '),
  }),
  extra: { sends: sendCount, lastSentAt: lastSent },
  detail: (row, extra) => ({
    name: row.name,
    subject: row.subject,
    preheader: row.preheader,
    blocks: row.blocks,
    sends: Number(extra.sends ?? 0),
    lastSentAt: (extra.lastSentAt as string | null) ?? null,
  }),
  list: { rowFields: { sends: sendCount, lastSentAt: lastSent } },
});
