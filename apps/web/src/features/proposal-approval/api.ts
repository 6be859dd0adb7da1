import type {
  ErrorBody,
  PdfVerification,
  PublicApproveInput,
  PublicDeclineInput,
  PublicProposal,
} from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

/** The public proposal pages: no session, the link's token is the only key. */
export const approvalKeys = {
  proposal: (token: string) => ['public-proposal', token] as const,
};

const path = (token: string) => `/public/proposals/${encodeURIComponent(token)}`;

export const approvalApi = {
  get: (token: string) => api<PublicProposal>('GET', path(token)),
  view: (token: string) => api<void>('POST', `${path(token)}/view`),
  approve: (token: string, input: PublicApproveInput) => api<PublicProposal>('POST', `${path(token)}/approve`, input),
  decline: (token: string, input: PublicDeclineInput) => api<PublicProposal>('POST', `${path(token)}/decline`, input),
  /** The PDF's own bytes go up as they are, so the server hashes exactly what the client holds. */
  verify: async (file: Blob): Promise<PdfVerification> => {
    let response: Response;
    try {
      response = await fetch('/api/v1/public/proposals/verify', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/pdf' },
        body: file,
      });
    } catch {
      throw new ApiError(0, 'network', 'Cannot reach the server. Check your connection and try again.');
    }
    const data = (await response.json().catch(() => null)) as (ErrorBody & PdfVerification) | null;
    if (!response.ok || !data) {
      const error = data?.error;
      throw new ApiError(
        response.status,
        error?.code ?? 'internal',
        error?.message ?? `The server answered ${response.status}.`,
        error?.fields,
      );
    }
    return data;
  },
};

/** A link that is unknown (404) or no longer valid (410) stays so: asking again would not help. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function usePublicProposal(token: string) {
  return useQuery({
    queryKey: approvalKeys.proposal(token),
    queryFn: () => approvalApi.get(token),
    retry: retryUnlessRefused,
  });
}

/**
 * The client's decisions: each answers the proposal as it now stands, which replaces the one on
 * screen. A 409 means it was decided meanwhile (another tab, someone else with the link): the page
 * reads it again to show what was decided.
 */
export function usePublicDecisions(token: string) {
  const queryClient = useQueryClient();
  const settle = async <T extends PublicProposal>(send: () => Promise<T>) => {
    try {
      const proposal = await send();
      queryClient.setQueryData(approvalKeys.proposal(token), proposal);
      return proposal;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: approvalKeys.proposal(token) });
      throw error;
    }
  };
  return {
    approve: (input: PublicApproveInput) => settle(() => approvalApi.approve(token, input)),
    decline: (input: PublicDeclineInput) => settle(() => approvalApi.decline(token, input)),
  };
}

/** The decision a call just added (to take the focus), from the proposal before and after it. */
export function newDecision(before: Extract<PublicProposal, { state: 'open' }>, after: PublicProposal): string | null {
  if (after.state !== 'open') return null;
  const known = new Set(before.approvals.map((a) => a._id));
  return after.approvals.find((a) => !known.has(a._id))?._id ?? null;
}

export function useVerifyPdf() {
  return useMutation({ mutationFn: approvalApi.verify });
}
