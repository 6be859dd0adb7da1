import {
  type ApprovalRecord,
  type DocumentLine,
  KINDS,
  type Proposal,
  type PublicLine,
  type PublicProposal,
  type publicApproveSchema,
  type publicDeclineSchema,
} from '@atelier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { enterScope } from '../../db/tenancy';
import type { Actor } from '../../platform/http/access';
import { conflict, HttpError, notFound } from '../../platform/http/errors';
import { users } from '../../platform/identity/users.table';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { changeOrders, changeOrderType } from '../change-orders';
import { orders } from '../orders';
import { TOKEN_PATTERN } from './proposal-links';
import { proposalType } from './proposals.service';
import { approvalLinks, proposals } from './proposals.table';

export const PUBLIC_PATH = '/public/proposals';
const NO_SUCH_LINK = 'This link does not exist. Check that it was copied whole.';

export type LinkRow = typeof approvalLinks.$inferSelect;
export type Opened = {
  firmId: string;
  firmName: string;
  link: LinkRow;
  /** Who acts for the firm: the proposal's owner (the order made is theirs). */
  owner: Actor;
};

type Found = { link_id: string; firm_id: string; firm_name: string; enabled: boolean };

/**
 * The link a token names, in its firm's scope from then on: a plain 404 for a token that names
 * none (nothing said about why), a 410 naming the firm for one that expired or was revoked, or
 * whose firm no longer has proposals. A link replaced by a newer revision still opens (to say so).
 */
export async function openLink(db: Executor, token: string): Promise<Opened> {
  if (!TOKEN_PATTERN.test(token)) throw notFound(NO_SUCH_LINK);
  const { rows } = await db.execute<Found>(sql`SELECT * FROM approval_link_find(${token})`);
  const found = rows[0];
  if (!found) throw notFound(NO_SUCH_LINK);
  await enterScope(db, { firmId: found.firm_id });
  const [link] = await db.select().from(approvalLinks).where(eq(approvalLinks.id, found.link_id));
  if (!link) throw notFound(NO_SUCH_LINK);
  const replaced = link.proposalId ? await isReplaced(db, link) : false;
  if (!replaced && (!found.enabled || link.revokedAt || link.expiresAt <= new Date()))
    throw new HttpError(410, 'not_found', `This link is no longer valid. Ask ${found.firm_name} for a new one.`);
  return { firmId: found.firm_id, firmName: found.firm_name, link, owner: await ownerOf(db, found.firm_id, link) };
}

async function isReplaced(db: Executor, link: LinkRow): Promise<boolean> {
  const [p] = await db
    .select({ revision: proposals.revision })
    .from(proposals)
    .where(eq(proposals.id, link.proposalId!));
  return !!p && p.revision > link.revision;
}

/** The staff member a document belongs to (who made it; else who sent the link; else the firm's first staff member). */
async function ownerOf(db: Executor, firmId: string, link: LinkRow): Promise<Actor> {
  const [row] = (
    await db.execute<{ id: string; features: string[] }>(sql`
      SELECT u.id, f.features FROM firms f
        JOIN users u ON u.firm_id = f.id AND u.kind = 'staff' AND u.active AND u.deleted_at IS NULL
       WHERE f.id = ${firmId}
       ORDER BY (u.id = COALESCE((SELECT p.created_by FROM proposals p WHERE p.id = ${link.proposalId}),
                                 (SELECT c.created_by FROM change_orders c WHERE c.id = ${link.changeOrderId}))) DESC NULLS LAST,
                (u.id = ${link.createdBy}) DESC NULLS LAST, u.created_at
       LIMIT 1`)
  ).rows;
  if (!row) throw new HttpError(410, 'not_found', 'This link is no longer valid.');
  return {
    sessionId: '',
    firmId,
    userId: row.id,
    impersonatorId: null,
    kind: 'staff',
    codes: [],
    features: row.features,
  };
}

/** The owner's name, email and phone, as the public page names whom to ask. */
async function firmOf(db: Executor, opened: Opened): Promise<PublicProposal['firm']> {
  const [u] = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, opened.owner.userId));
  return { name: opened.firmName, email: u?.email ?? '', phone: u?.phone ?? '' };
}

const imageUrl = (token: string, id: string) => `/api/v1${PUBLIC_PATH}/${token}/images/${id}`;

/** Whether a file is one the document shows (the only files the token's route serves). */
export function showsImage(p: Proposal, fileId: string): boolean {
  return p.coverImage?._id === fileId || p.sections.some((s) => s.images.some((i) => i._id === fileId));
}

/** A line as the client sees it: no cost, no catalog ids. */
const publicLine = (l: DocumentLine): PublicLine => ({
  _id: l.id,
  name: l.name,
  description: l.description,
  unit: l.unit,
  basis: l.basis,
  quantity: l.quantity,
  unitPriceCents: l.unitPriceCents,
  discount: l.discount,
  taxRateBps: l.taxRateBps,
  optional: l.optional,
  selected: l.selected,
  group: l.group,
  chosen: l.chosen,
});

/** The decisions made through the document's links, as its client sees them (their signed PDF through `approvalPdf`). */
const publicApprovals = (approvals: ApprovalRecord[], approvalPdf: (approvalId: string) => string) =>
  approvals.map((a) => ({
    _id: a._id,
    decision: a.decision,
    name: a.name,
    sections: a.sections.map((s) => s.name),
    decidedAt: a.decidedAt,
    snapshotSha256: a.snapshotSha256,
    pdfSha256: a.pdfSha256,
    pdfUrl: a.pdfUrl ? approvalPdf(a._id) : null,
  }));

/** A proposal exactly as the client sees it: no costs, no catalog ids, images through `imageOf`. */
export function clientView(
  p: Proposal,
  firm: PublicProposal['firm'],
  imageOf: (fileId: string, url: string) => string,
  approvalPdf: (approvalId: string) => string,
): Extract<PublicProposal, { state: 'open' }> {
  return {
    state: 'open',
    document: 'proposal',
    firm,
    number: p.number,
    title: p.title,
    revision: p.revision,
    status: p.status,
    customerName: p.customer.name,
    coverImage: p.coverImage ? imageOf(p.coverImage._id, p.coverImage.url) : null,
    validUntil: p.validUntil,
    discount: p.discount,
    shippingCents: p.shippingCents,
    taxExempt: p.taxExempt,
    deposit: p.deposit,
    terms: p.terms,
    sectionApproval: p.sectionApproval,
    sections: p.sections.map((s) => ({
      _id: s._id,
      title: s.title,
      body: s.body,
      images: s.images.map((i) => imageOf(i._id, i.url)),
      status: s.status,
      lines: s.lines.map(publicLine),
    })),
    previousTotalCents: null,
    approvals: publicApprovals(p.approvals, approvalPdf),
  };
}

type OpenView = Extract<PublicProposal, { state: 'open' }>;

/**
 * A change order as its customer sees it through the link: one section of the lines the order
 * would have (no costs), the order's total before it, the order settings' terms. Priced as the
 * order is (its discount, shipping and exemption), so the page adds up to the change order's
 * total; a coupon the order redeemed is shown as part of the discount, the amount it took.
 */
export async function changeOrderView(
  db: Executor,
  opened: Opened,
  firm: PublicProposal['firm'],
  approvalPdf: (approvalId: string) => string,
): Promise<OpenView> {
  const co = await changeOrderType.get(db, opened.owner, opened.link.changeOrderId!);
  const [order] = await db
    .select({ discount: orders.discount, taxExempt: orders.taxExempt })
    .from(orders)
    .where(eq(orders.id, co.order._id));
  const { terms } = await getSettingsGroup(db, opened.firmId, 'orderSettings');
  return {
    state: 'open',
    document: 'change_order',
    firm,
    number: co.name,
    title: `Change to ${co.order.name}`,
    revision: opened.link.revision,
    status: co.status,
    customerName: co.customer.name,
    coverImage: null,
    validUntil: null,
    discount:
      co.couponCents > 0
        ? { kind: 'amount', cents: co.orderDiscountCents + co.couponCents }
        : (order?.discount ?? null),
    shippingCents: co.shippingCents,
    taxExempt: order?.taxExempt ?? false,
    deposit: null,
    terms,
    sectionApproval: false,
    sections: [
      {
        _id: co._id,
        title: co.reason || 'Changes',
        body: '',
        images: [],
        status: co.status === 'approved' || co.status === 'declined' ? co.status : 'open',
        lines: co.lines.map(publicLine),
      },
    ],
    previousTotalCents: co.previousTotalCents,
    approvals: publicApprovals(co.approvals, approvalPdf),
  };
}

/** GET /public/proposals/{token}: the document, or that a newer revision replaced it. */
export async function readPublic(db: Executor, token: string): Promise<PublicProposal> {
  const opened = await openLink(db, token);
  const firm = await firmOf(db, opened);
  const { link } = opened;
  if (link.proposalId) {
    const p = await proposalType.get(db, opened.owner, link.proposalId);
    if (p.revision > link.revision) {
      const newer =
        p.link && p.link.revision === p.revision && !p.link.revokedAt && new Date(p.link.expiresAt) > new Date()
          ? p.link.url
          : null;
      return { state: 'replaced', firm, number: p.number, replacedBy: newer };
    }
    return clientView(
      p,
      firm,
      (id) => imageUrl(token, id),
      (id) => `/api/v1${PUBLIC_PATH}/${token}/approvals/${id}/pdf`,
    );
  }
  return changeOrderView(db, opened, firm, (id) => `/api/v1${PUBLIC_PATH}/${token}/approvals/${id}/pdf`);
}

/**
 * POST /public/proposals/{token}/view: the client opened it. The first view of a sent proposal
 * makes it "viewed" and tells its owner; every view counts.
 */
export async function recordView(
  db: Executor,
  token: string,
  notifyOwner: (db: Executor, opened: Opened, message: string, href: string) => Promise<void>,
): Promise<void> {
  const opened = await openLink(db, token);
  const { link } = opened;
  const [counted] = await db
    .update(approvalLinks)
    .set({
      viewCount: sql`${approvalLinks.viewCount} + 1`,
      firstViewedAt: sql`COALESCE(${approvalLinks.firstViewedAt}, now())`,
      lastViewedAt: sql`now()`,
    })
    .where(eq(approvalLinks.id, link.id))
    .returning({ count: approvalLinks.viewCount });
  if (link.changeOrderId) {
    if (counted?.count !== 1) return;
    const [co] = await db
      .select({ name: sql<string>`${orders.prefix} || ${orders.number} || ' · change ' || ${changeOrders.sequence}` })
      .from(changeOrders)
      .innerJoin(orders, eq(orders.id, changeOrders.orderId))
      .where(eq(changeOrders.id, link.changeOrderId));
    if (co)
      await notifyOwner(
        db,
        opened,
        `${co.name} was opened by the customer.`,
        `${KINDS.change_order.webPath}/${link.changeOrderId}`,
      );
    return;
  }
  if (!link.proposalId) return;
  const [p] = await db
    .update(proposals)
    .set({ status: 'viewed' })
    .where(and(eq(proposals.id, link.proposalId), eq(proposals.status, 'sent'), eq(proposals.revision, link.revision)))
    .returning({ number: sql<string>`${proposals.prefix} || ${proposals.number}`, title: proposals.title });
  if (p && counted?.count === 1)
    await notifyOwner(
      db,
      opened,
      `${p.number} (${p.title}) was opened by the client.`,
      `${KINDS.proposal.webPath}/${link.proposalId}`,
    );
}

/** The decision's sections: those named (each an open one of this proposal), else every open one. */
export function decidedSections(
  p: Pick<Proposal, 'number' | 'sectionApproval' | 'sections'>,
  named: string[] | null,
  verb: 'approved' | 'declined',
): string[] {
  const open = p.sections.filter((s) => s.status === 'open').map((s) => s._id);
  if (!open.length) throw conflict(`${p.number} was already decided: it can no longer be ${verb} through this link.`);
  if (!named) return open;
  const unique = [...new Set(named)];
  const strangers = unique.filter((id) => !p.sections.some((s) => s._id === id));
  if (strangers.length)
    throw new HttpError(400, 'validation', 'A section named is not part of this proposal.', {
      sections: 'Choose sections of this proposal.',
    });
  const closed = unique.filter((id) => !open.includes(id));
  if (closed.length) throw conflict(`A section chosen was already decided: it can no longer be ${verb}.`);
  if (!unique.length)
    throw new HttpError(400, 'validation', 'Choose at least one section.', {
      sections: 'Choose at least one section.',
    });
  if (!p.sectionApproval && unique.length !== open.length)
    throw new HttpError(400, 'validation', `${p.number} is decided as a whole: choose every section.`, {
      sections: 'This proposal is decided as a whole.',
    });
  return unique;
}

/** The proposal's status once some sections are decided. */
export function statusAfter(statuses: string[]): 'partially_approved' | 'approved' | 'declined' | null {
  const open = statuses.includes('open');
  const approved = statuses.includes('approved');
  if (open) return approved ? 'partially_approved' : null;
  return approved ? 'approved' : 'declined';
}

export type ApproveBody = z.output<typeof publicApproveSchema>;
export type DeclineBody = z.output<typeof publicDeclineSchema>;
