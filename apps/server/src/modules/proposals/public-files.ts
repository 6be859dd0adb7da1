import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { MAX_DOCUMENT_BYTES, type PdfVerification } from '@atelier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { sendPublicFile } from '../../platform/files/public-file';
import type { LocalFileStorage } from '../../platform/files/storage';
import { HttpError, notFound } from '../../platform/http/errors';
import { proposalType } from './proposals.service';
import { approvalRecords } from './proposals.table';
import { openLink, showsImage } from './public-proposals';

const NOT_SHOWN = 'This image is not part of this proposal.';

/**
 * GET /public/proposals/{token}/images/{file}: an image the proposal shows, through its link; any
 * other file of the firm answers 404 as if it did not exist (a change order shows none).
 */
export async function publicImage(
  db: Executor,
  storage: LocalFileStorage,
  token: string,
  fileId: string,
  reply: FastifyReply,
) {
  const opened = await openLink(db, token);
  if (!isUuid(fileId) || !opened.link.proposalId) throw notFound(NOT_SHOWN);
  const p = await proposalType.get(db, opened.owner, opened.link.proposalId);
  if (!showsImage(p, fileId)) throw notFound(NOT_SHOWN);
  return sendPublicFile(db, storage, reply, fileId, (type) => type.startsWith('image/'), NOT_SHOWN);
}

/**
 * GET /public/proposals/{token}/approvals/{id}/pdf: the signed copy of a decision made through this
 * document's links (a proposal's or a change order's).
 */
export async function approvalPdfFile(
  db: Executor,
  storage: LocalFileStorage,
  token: string,
  approvalId: string,
  reply: FastifyReply,
) {
  const opened = await openLink(db, token);
  const missing = 'This signed copy does not exist.';
  if (!isUuid(approvalId)) throw notFound(missing);
  const { proposalId, changeOrderId } = opened.link;
  const [record] = await db
    .select({ pdf: approvalRecords.pdfFileId })
    .from(approvalRecords)
    .where(
      and(
        eq(approvalRecords.id, approvalId),
        // A link is a proposal's or a change order's (approval_links_target_check).
        proposalId ? eq(approvalRecords.proposalId, proposalId) : eq(approvalRecords.changeOrderId, changeOrderId!),
      ),
    );
  if (!record?.pdf) throw notFound(missing);
  reply.header('cache-control', 'private, no-store');
  return sendPublicFile(db, storage, reply, record.pdf, (type) => type === 'application/pdf', missing);
}

/**
 * POST /public/proposals/verify: the uploaded PDF's SHA-256, and whether a signed copy with it is
 * kept (found across firms by `signed_pdf_verify`, which answers only what is printed on that
 * copy anyway: the firm, the number, who signed and when).
 */
export async function verifyPdf(db: Executor, body: unknown): Promise<PdfVerification> {
  if (!(body instanceof Readable)) throw new HttpError(415, 'unprocessable', 'Upload the signed PDF.');
  const hash = createHash('sha256');
  let bytes = 0;
  let head = Buffer.alloc(0);
  for await (const chunk of body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > MAX_DOCUMENT_BYTES) throw new HttpError(413, 'too_large', 'Files can be at most 25 MB.');
    if (head.length < 5) head = Buffer.concat([head, chunk]).subarray(0, 5);
    hash.update(chunk);
  }
  if (head.toString('latin1') !== '%PDF-')
    throw new HttpError(400, 'validation', 'This file is not a PDF.', { file: 'Upload the signed PDF.' });
  const sha256 = hash.digest('hex');
  const { rows } = await db.execute<{ firm_name: string; number: string; signed_by: string; signed_at: Date }>(
    sql`SELECT * FROM signed_pdf_verify(${sha256})`,
  );
  const found = rows[0];
  if (!found) return { match: false, sha256 };
  return {
    match: true,
    sha256,
    firm: found.firm_name,
    number: found.number,
    signedBy: found.signed_by,
    signedAt: new Date(found.signed_at).toISOString(),
  };
}
