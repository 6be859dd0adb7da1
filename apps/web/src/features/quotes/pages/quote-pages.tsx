import { QUOTE_STATUS_LABELS, type Quote, type QuoteInput, type QuoteRow } from '@atelier/contracts';
import { Badge, Button } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSettings } from '../../settings/api';
import { quotes, useQuoteStep, useSendQuote } from '../api';
import { QUOTE_STATUS_COLORS, QuoteSummary } from '../components/quote-summary';

const QuoteForm = lazyNamed(() => import('../components/quote-form'), 'QuoteForm');
const AcceptModal = lazyNamed(() => import('../components/accept-modal'), 'AcceptModal');

function useQuoteList() {
  return {
    currency: useSettings().data?.firmSettings.currency,
    defaultSort: '-number',
    render: {
      status: (row: QuoteRow) => (
        <Badge color={QUOTE_STATUS_COLORS[row.status]} variant="light">
          {QUOTE_STATUS_LABELS[row.status]}
        </Badge>
      ),
    },
  };
}

/** The steps a quote's state allows: send (or mark as sent), accept into an order, decline. */
function QuoteActions({ quote }: { quote: Quote }) {
  const { can } = useCan();
  const step = useQuoteStep(quote._id);
  const send = useSendQuote(quote._id);
  const [accepting, setAccepting] = useState(false);
  const [declining, setDeclining] = useState(false);
  if (!can(quotes.kind.codes.modify)) return null;
  const open = quote.status === 'draft' || quote.status === 'sent';
  return (
    <>
      <Button component="a" variant="default" href={`/api/v1${quotes.path(quote._id)}/pdf`} target="_blank">
        PDF
      </Button>
      {open && (
        <Button
          variant={quote.status === 'draft' ? 'filled' : 'default'}
          loading={send.isPending}
          disabled={quote.lines.length === 0}
          onClick={async () => {
            try {
              await send.mutateAsync(undefined);
              toastSuccess(`${quote.number} emailed to ${quote.customer.name}.`);
            } catch (error) {
              showSubmitError(error);
            }
          }}
        >
          {quote.status === 'draft' ? 'Send to customer' : 'Send again'}
        </Button>
      )}
      {quote.status === 'draft' && (
        <Button
          variant="default"
          loading={step.isPending}
          disabled={quote.lines.length === 0}
          onClick={async () => {
            try {
              await step.mutateAsync({ name: 'mark-sent' });
              toastSuccess(`${quote.number} marked as sent.`);
            } catch (error) {
              showSubmitError(error);
            }
          }}
        >
          Mark as sent
        </Button>
      )}
      {quote.status === 'sent' && <Button onClick={() => setAccepting(true)}>Accept</Button>}
      {open && (
        <Button variant="default" color="red" onClick={() => setDeclining(true)}>
          Decline
        </Button>
      )}
      <ConfirmDialog
        opened={declining}
        title={`Decline ${quote.number}?`}
        text="The customer said no. The quote stays in the list as declined."
        confirm="Decline the quote"
        color="red"
        done={`${quote.number} declined.`}
        run={() => step.mutateAsync({ name: 'decline' })}
        loading={step.isPending}
        onClose={() => setDeclining(false)}
      />
      {accepting && <AcceptModal quote={quote} opened onClose={() => setAccepting(false)} />}
    </>
  );
}

function Summary({ quote }: { quote: Quote }) {
  return <QuoteSummary quote={quote} currency={useSettings().data?.firmSettings.currency} />;
}

/** Quotes: priced offers sent as revisions, accepted into orders. */
export default recordPages<Quote, QuoteInput, QuoteRow>({
  resource: quotes,
  form: (props) => <QuoteForm {...props} />,
  description: 'Offers to your customers: each one sent is a revision, and an accepted one becomes an order.',
  useList: useQuoteList,
  created: (q) => `${q.number} created as a draft.`,
  subtitle: (q) => `${q.customer.name} · ${QUOTE_STATUS_LABELS[q.status]} · ${formatMoney(q.totalCents)}`,
  actions: (q) => <QuoteActions quote={q} />,
  details: { above: (q) => <Summary quote={q} /> },
  deleteText: 'Deleting removes the draft for good. A quote that was sent is declined instead.',
  deletable: (q) => q.status === 'draft' && q.revision === 1,
});
