import {
  KINDS,
  type Proposal,
  type ProposalInput,
  type ProposalSendInput,
  type PublicProposal,
} from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const proposals = recordResource<Proposal, ProposalInput>(KINDS.proposal);

/** The document as the client reads it through their link. */
export type OpenProposal = Extract<PublicProposal, { state: 'open' }>;

/** Emails the client the link to this revision, lasting until the date given (the proposal's own unless said). */
export function useSendProposal(id: string) {
  return proposals.useMutationOf(id, (input: ProposalSendInput) =>
    api<Proposal>('POST', `${proposals.path(id)}/send`, input),
  );
}

/** A step taken by hand: the link stops working (revoke), or the client said no (decline). */
export function useProposalStep(id: string) {
  return proposals.useMutationOf(id, (name: 'revoke' | 'decline') =>
    api<Proposal>('POST', `${proposals.path(id)}/${name}`),
  );
}

/** Exactly what the client sees, for the Preview tab; it refreshes with the proposal. */
export function useProposalPreview(id: string) {
  const path = proposals.path(id);
  return useQuery({
    queryKey: [...recordKeys.all(path), 'preview'],
    queryFn: () => api<OpenProposal>('GET', `${path}/preview`),
  });
}

/** The proposal as a PDF, for a link or a download button. */
export const proposalPdfHref = (id: string) => `/api/v1${proposals.path(id)}/pdf`;
