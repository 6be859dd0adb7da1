import { type ApprovalRecord, KINDS, type ProposalLink } from '@atelier/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { OnlineApproval } from '../change-orders';
import { APPROVE_PATH, approvalsJson, linkFor, linkJson } from './proposal-links';
import { approvalLinks } from './proposals.table';

/** How long a change order's link works: a change is decided within weeks, while the work waits on it. */
const LINK_DAYS = 30;
/** A change order has one revision: editing a sent one stops its link, and sending it again makes a new one. */
const REVISION = 1;

/**
 * Change orders approved online through this module's links and records (decision 0039): what
 * the change-orders module asks of it (`registerOnlineApproval`, in the module's manifest file).
 * The links only open while the firm has proposals, so only such a firm gets one.
 */
export const changeOrderLinks: OnlineApproval = {
  link: async (db, actor, changeOrderId) => {
    if (!actor.features.includes(KINDS.proposal.feature)) return null;
    const [row] = (
      await db.execute<{ day: string }>(sql`
        SELECT ((now() AT TIME ZONE f.time_zone)::date + ${LINK_DAYS}::int)::text AS day FROM firms f WHERE f.id = ${actor.firmId}`)
    ).rows;
    const expiresOn = row!.day;
    const link = await linkFor(db, actor.firmId, actor.userId, { changeOrderId }, REVISION, expiresOn);
    return { path: `${APPROVE_PATH}${link.token}`, expiresOn };
  },
  revoke: async (db, changeOrderId) => {
    const revoked = await db
      .update(approvalLinks)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(approvalLinks.changeOrderId, changeOrderId),
          isNull(approvalLinks.revokedAt),
          gt(approvalLinks.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: approvalLinks.id });
    return revoked.length;
  },
  read: async (db, changeOrderId) => {
    const [row] = (
      await db.execute<{ link: ProposalLink | null; approvals: ApprovalRecord[] }>(sql`
        SELECT ${linkJson(sql`l.change_order_id = ${changeOrderId}`)} AS link,
               ${approvalsJson(sql`a.change_order_id = ${changeOrderId}`)} AS approvals`)
    ).rows;
    return { link: row?.link ?? null, approvals: row?.approvals ?? [] };
  },
};
