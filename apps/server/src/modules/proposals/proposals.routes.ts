import {
  KIND_SCHEMAS,
  KINDS,
  pdfVerificationSchema,
  proposalSendSchema,
  publicApproveSchema,
  publicDeclineSchema,
  publicProposalSchema,
} from '@atelier/contracts';
import { z } from 'zod';
import { reserve } from '../../platform/auth/throttle';
import { PUBLIC, permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { firms } from '../../platform/identity/firms.table';
import { pdfReply } from '../../platform/pdf/pdf-reply';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { approveProposal, declineProposal, tellOwner } from './approval';
import { proposalPdf, revokeProposal, sendProposal } from './proposal-send';
import { proposalType } from './proposals.service';
import { approvalPdfFile, publicImage, verifyPdf } from './public-files';
import { clientView, PUBLIC_PATH, readPublic, recordView } from './public-proposals';

const kind = KINDS.proposal;
const access = permission(kind.codes.modify, kind.feature);
const tokenParams = z.object({ token: z.string().max(100) });
const openSchema = publicProposalSchema.options[0];

// A client reads and decides one proposal: a few hundred requests from one address in ten minutes
// is a script trying tokens or hammering the page.
const WINDOW_SECONDS = 10 * 60;
const READS_PER_ADDRESS = 300;
const DECISIONS_PER_ADDRESS = 20;
const reads = ({ db, meta }: { db: Parameters<typeof reserve>[0]; meta: { ip: string } }) =>
  reserve(
    db,
    [{ key: `proposal-read:${meta.ip}`, max: READS_PER_ADDRESS }],
    WINDOW_SECONDS,
    'requests from your address',
  );
const decisions = ({ db, meta }: { db: Parameters<typeof reserve>[0]; meta: { ip: string } }) =>
  reserve(
    db,
    [{ key: `proposal-decide:${meta.ip}`, max: DECISIONS_PER_ADDRESS }],
    WINDOW_SECONDS,
    'decisions from your address',
  );

export const proposalRoutes: AnyRoute[] = [
  ...recordTypeRoutes(proposalType),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/send`,
    summary: 'Email the client a link to approve the proposal online (a new link for a new revision)',
    access,
    params: idParams,
    body: proposalSendSchema,
    response: KIND_SCHEMAS.proposal.detail,
    handler: ({ db, actor, deps, params, body }) => sendProposal(db, actor, deps.config, params.id, body),
  }),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/revoke`,
    summary: 'Stop the link sent from working',
    access,
    params: idParams,
    response: KIND_SCHEMAS.proposal.detail,
    handler: ({ db, actor, params }) => revokeProposal(db, actor, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id/preview`,
    summary: 'The proposal exactly as the client will see it',
    access,
    params: idParams,
    response: openSchema,
    handler: async ({ db, actor, params }) => {
      const p = await proposalType.get(db, actor, params.id);
      return clientView(
        p,
        { name: (await firmName(db)) ?? '', email: '', phone: '' },
        (_, url) => url,
        (id) => p.approvals.find((a) => a._id === id)?.pdfUrl ?? '',
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id/pdf`,
    summary: 'The proposal as a PDF, to download or print',
    access,
    produces: 'application/pdf',
    params: idParams,
    handler: async ({ db, actor, deps, params, reply }) => {
      const p = await proposalType.get(db, actor, params.id);
      return pdfReply(reply, p.number, await proposalPdf(db, actor, deps.storage, p));
    },
  }),

  // The client's page: no session, found by the token alone (decision 0039).
  defineRoute({
    method: 'POST',
    url: `${PUBLIC_PATH}/verify`,
    summary: 'Whether an uploaded PDF is a signed copy kept here (by its SHA-256)',
    access: PUBLIC,
    response: pdfVerificationSchema,
    unsupportedType: 'Upload the signed PDF.',
    limit: reads,
    handler: ({ db, req }) => verifyPdf(db, req.body),
  }),
  defineRoute({
    method: 'GET',
    url: `${PUBLIC_PATH}/:token`,
    summary: 'A proposal as its client sees it, through the link they were sent',
    access: PUBLIC,
    params: tokenParams,
    response: publicProposalSchema,
    limit: reads,
    handler: ({ db, params }) => readPublic(db, params.token),
  }),
  defineRoute({
    method: 'POST',
    url: `${PUBLIC_PATH}/:token/view`,
    summary: 'Records that the client opened the proposal',
    access: PUBLIC,
    status: 204,
    params: tokenParams,
    limit: reads,
    handler: async ({ db, params }) => {
      await recordView(db, params.token, tellOwner);
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${PUBLIC_PATH}/:token/approve`,
    summary: 'The client approves the proposal (or some sections), signed',
    access: PUBLIC,
    params: tokenParams,
    body: publicApproveSchema,
    response: publicProposalSchema,
    limit: decisions,
    handler: ({ db, deps, params, body, meta }) =>
      approveProposal(db, { storage: deps.storage, appUrl: deps.config.appUrl }, params.token, body, meta),
  }),
  defineRoute({
    method: 'POST',
    url: `${PUBLIC_PATH}/:token/decline`,
    summary: 'The client declines the proposal (or some sections), with a reason',
    access: PUBLIC,
    params: tokenParams,
    body: publicDeclineSchema,
    response: publicProposalSchema,
    limit: decisions,
    handler: ({ db, params, body, meta }) => declineProposal(db, params.token, body, meta),
  }),
  defineRoute({
    method: 'GET',
    url: `${PUBLIC_PATH}/:token/images/:file`,
    summary: 'An image the proposal shows (only those)',
    access: PUBLIC,
    produces: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    params: tokenParams.extend({ file: z.string().max(40) }),
    limit: reads,
    handler: ({ db, deps, params, reply }) => publicImage(db, deps.storage, params.token, params.file, reply),
  }),
  defineRoute({
    method: 'GET',
    url: `${PUBLIC_PATH}/:token/approvals/:approval/pdf`,
    summary: 'The signed copy of an approval made through this link',
    access: PUBLIC,
    produces: 'application/pdf',
    params: tokenParams.extend({ approval: z.string().max(40) }),
    limit: reads,
    handler: ({ db, deps, params, reply }) => approvalPdfFile(db, deps.storage, params.token, params.approval, reply),
  }),
];

async function firmName(db: Parameters<typeof readPublic>[0]): Promise<string | null> {
  const [f] = await db.select({ name: firms.name }).from(firms);
  return f?.name ?? null;
}
