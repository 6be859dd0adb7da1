import { KINDS, type Quote, type QuoteAcceptInput, type QuoteInput } from '@atelier/contracts';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const quotes = recordResource<Quote, QuoteInput>(KINDS.quote);

/** A step of the quote: sent by hand, declined, or accepted with the customer's choices (it becomes an order). */
export function useQuoteStep(id: string) {
  return quotes.useMutationOf(
    id,
    (step: { name: 'mark-sent' | 'decline' } | { name: 'accept'; body: QuoteAcceptInput }) =>
      api<Quote>('POST', `${quotes.path(id)}/${step.name}`, 'body' in step ? step.body : undefined),
  );
}

/** Emails the quote to its customer as a PDF; its revision is frozen and it is sent. */
export function useSendQuote(id: string) {
  return quotes.useMutationOf(id, () => api<Quote>('POST', `${quotes.path(id)}/send`));
}
