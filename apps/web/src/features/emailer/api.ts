import {
  type Email,
  type EmailInput,
  type EmailPreviewInput,
  type EmailRendered,
  type EmailSend,
  type EmailSendInput,
  KINDS,
  type ListPage,
  type SegmentCount,
  type SegmentInput,
  type UnsubscribeAnswer,
} from '@atelier/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { recordResource } from '../../components/record/resource';
import { ApiError, api } from '../../lib/api';

export const emails = recordResource<Email, EmailInput>(KINDS.email);

const sendsKey = (id: string) => [...recordKeys.all(emails.path(id)), 'sends'];

/** How often the sends card asks again while one is going out. */
export const SENDING_POLL_MS = 5000;

/** The email's sends with their results, newest first; asked again every 5 s while one is sending. */
export function useEmailSends(id: string) {
  return useQuery({
    queryKey: sendsKey(id),
    queryFn: () => api<EmailSend[]>('GET', `${emails.path(id)}/sends`),
    refetchInterval: (query) => (query.state.data?.some((s) => s.status === 'sending') ? SENDING_POLL_MS : false),
  });
}

/** Sends the saved email to a segment (code 102); the sends card and the email refresh. */
export function useStartSend(id: string) {
  return emails.useMutationOf(id, (input: EmailSendInput) => api<EmailSend>('POST', `${emails.path(id)}/sends`, input));
}

/** Sends the saved email to the signed-in person's own address; the answer says which. */
export function useSendTest(id: string) {
  return useMutation({ mutationFn: () => api<{ to: string }>('POST', `${emails.path(id)}/test`) });
}

/**
 * The email as a customer gets it (sample merge values), from what is given, saved or not;
 * nothing is asked while `content` is null. The last answer stays on screen while the next loads.
 */
export function useEmailPreview(content: EmailPreviewInput | null) {
  return useQuery({
    queryKey: ['email-preview', content],
    queryFn: () => api<EmailRendered>('POST', `${KINDS.email.apiPath}/preview`, content),
    enabled: content !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}

/** How many a segment reaches now and the first few, asked again 300 ms after it last changed. */
export function useSegmentCount(segment: SegmentInput, enabled = true) {
  const [settled] = useDebouncedValue(segment, 300);
  const query = useQuery({
    queryKey: ['email-segment-count', settled],
    queryFn: () => api<SegmentCount>('POST', '/email-segments/count', { segment: settled }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
  return { ...query, settling: settled !== segment };
}

/** The names of the products an email's product block shows, by id. */
export function useProductNames(ids: readonly string[]) {
  return useQuery({
    queryKey: ['/products-picker', 'ids', [...ids].sort()],
    queryFn: () =>
      api<ListPage<{ _id: string; name: string }>>('GET', '/products', undefined, {
        'filter[id]': [...ids],
        limit: ids.length,
      }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    select: (page) => Object.fromEntries(page.items.map((p) => [p._id, p.name])) as Record<string, string>,
  });
}

// ---- The public unsubscribe page: no session, the link's token is the only key. ----

const unsubscribeKey = (token: string) => ['public-unsubscribe', token] as const;

/** Whose address the link is for, and whether it still gets marketing emails. A refused link stays refused. */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: unsubscribeKey(token),
    queryFn: () => api<UnsubscribeAnswer>('GET', '/public/unsubscribe', undefined, { t: token }),
    enabled: token.length > 0,
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });
}

/** Stops the marketing emails to the link's address; the page shows the answer. */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<UnsubscribeAnswer>('POST', '/public/unsubscribe', undefined, { t: token }),
    onSuccess: (answer) => queryClient.setQueryData(unsubscribeKey(token), answer),
  });
}
