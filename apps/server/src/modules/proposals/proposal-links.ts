import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { approvalLinks, approvalRecords, proposalSections } from './proposals.table';

/** The web app's page a link opens. */
export const APPROVE_PATH = '/proposals/approve/';

/** 24 random bytes (192 bits), as 32 URL-safe characters: never the row id, never guessable. */
export const newToken = () => randomBytes(24).toString('base64url');
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The last link sent of a document, as its page shows it (`where` names the document, alias `l`). */
export const linkJson = (where: SQL) => sql`(SELECT json_build_object('_id', l.id, 'revision', l.revision,
    'url', ${APPROVE_PATH} || l.token, 'sentAt', to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'expiresAt', to_char(l.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'revokedAt', to_char(l.revoked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'firstViewedAt', to_char(l.first_viewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'lastViewedAt', to_char(l.last_viewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'viewCount', l.view_count)
  FROM ${approvalLinks} l WHERE ${where} ORDER BY l.created_at DESC, l.id DESC LIMIT 1)`;

/** A document's decisions through its links, newest first (`where` names the document, alias `a`). */
export const approvalsJson = (where: SQL) => sql`COALESCE((SELECT json_agg(json_build_object('_id', a.id,
    'decision', a.decision, 'name', a.name, 'reason', a.reason,
    'sections', COALESCE((SELECT json_agg(json_build_object('_id', s.id, 'name', s.title) ORDER BY s.position)
                 FROM ${proposalSections} s WHERE s.id = ANY(a.section_ids)), '[]'::json),
    'decidedAt', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'ip', a.ip, 'userAgent', a.user_agent, 'revision', a.revision, 'snapshotSha256', a.snapshot_sha256,
    'pdfUrl', CASE WHEN a.pdf_file_id IS NULL THEN NULL ELSE '/api/v1/files/' || a.pdf_file_id END,
    'pdfSha256', a.pdf_sha256,
    'signatureUrl', CASE WHEN a.signature_file_id IS NULL THEN NULL ELSE '/api/v1/files/' || a.signature_file_id END,
    'order', (SELECT json_build_object('_id', o.id, 'name', o.prefix || o.number) FROM orders o WHERE o.id = a.order_id))
    ORDER BY a.created_at DESC, a.id DESC)
  FROM ${approvalRecords} a WHERE ${where}), '[]'::json)`;

type Target = { proposalId: string } | { changeOrderId: string };

/**
 * The link for a document's revision, lasting to the end of `expiresOn` in the firm's time zone:
 * the live one of this revision again (sending again re-sends the same address, with the new
 * expiry), else a new one; links of earlier revisions stop working (their page says "replaced").
 */
export async function linkFor(
  db: Executor,
  firmId: string,
  userId: string | null,
  target: Target,
  revision: number,
  expiresOn: string,
): Promise<{ id: string; token: string }> {
  const column = 'proposalId' in target ? approvalLinks.proposalId : approvalLinks.changeOrderId;
  const id = 'proposalId' in target ? target.proposalId : target.changeOrderId;
  const expiresAt = sql`(((${expiresOn}::date + 1)::timestamp) AT TIME ZONE (SELECT f.time_zone FROM firms f WHERE f.id = ${firmId}))`;
  const live = await db.execute<{ id: string; token: string }>(sql`
    UPDATE ${approvalLinks} SET expires_at = ${expiresAt}
     WHERE ${column} = ${id} AND revision = ${revision} AND revoked_at IS NULL AND expires_at > now()
     RETURNING id, token`);
  if (live.rows[0]) return live.rows[0];
  await db.execute(sql`UPDATE ${approvalLinks} SET revoked_at = now() WHERE ${column} = ${id} AND revoked_at IS NULL`);
  const token = newToken();
  const [link] = await db
    .insert(approvalLinks)
    .values({ firmId, ...target, revision, token, createdBy: userId, expiresAt })
    .returning({ id: approvalLinks.id });
  return { id: link!.id, token };
}
