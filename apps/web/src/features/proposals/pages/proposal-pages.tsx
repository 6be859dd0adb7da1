import { PROPOSAL_STATUS_LABELS, type Proposal, type ProposalInput, type ProposalRow } from '@atelier/contracts';
import { Badge, Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useSettings } from '../../settings/api';
import { proposalPdfHref, proposals, useProposalStep } from '../api';
import { PROPOSAL_STATUS_COLORS, ProposalSummary } from '../components/proposal-summary';

const ProposalForm = lazyNamed(() => import('../components/proposal-form'), 'ProposalForm');
const SendModal = lazyNamed(() => import('../components/send-modal'), 'SendModal');

function useProposalList() {
  return {
    currency: useSettings().data?.firmSettings.currency,
    defaultSort: '-number',
    render: {
      status: (row: ProposalRow) => (
        <Badge color={PROPOSAL_STATUS_COLORS[row.status]} variant="light">
          {PROPOSAL_STATUS_LABELS[row.status]}
        </Badge>
      ),
    },
  };
}

/** Sent and waiting for the client (some sections may be approved already). */
const AWAITING: readonly Proposal['status'][] = ['sent', 'viewed', 'partially_approved'];

/** What the proposal's state allows: send it (or again), record that the client declined, and its PDF. */
function ProposalActions({ proposal }: { proposal: Proposal }) {
  const { can } = useCan();
  const step = useProposalStep(proposal._id);
  const [sending, setSending] = useState(false);
  const [declining, setDeclining] = useState(false);
  const mayChange = can(proposals.kind.codes.modify);
  const awaiting = AWAITING.includes(proposal.status);
  const hasLines = proposal.sections.some((s) => s.lines.length > 0);
  return (
    <>
      <Button
        component="a"
        variant="default"
        href={proposalPdfHref(proposal._id)}
        target="_blank"
        leftSection={<IconDownload size={16} />}
      >
        Download PDF
      </Button>
      {mayChange && (proposal.status === 'draft' || awaiting) && (
        <Button
          variant={proposal.status === 'draft' ? 'filled' : 'default'}
          disabled={!hasLines}
          title={hasLines ? undefined : 'Add a section with priced lines first.'}
          onClick={() => setSending(true)}
        >
          {proposal.status === 'draft' ? 'Send to client' : 'Send again'}
        </Button>
      )}
      {mayChange && awaiting && (
        <Button variant="default" color="red" onClick={() => setDeclining(true)}>
          Decline
        </Button>
      )}
      <ConfirmDialog
        opened={declining}
        title={`Decline ${proposal.number}?`}
        text="Records that the client said no (by phone, in person). The link no longer takes an approval, and the proposal stays in the list as declined."
        confirm="Decline the proposal"
        color="red"
        done={`${proposal.number} declined.`}
        run={() => step.mutateAsync('decline')}
        loading={step.isPending}
        onClose={() => setDeclining(false)}
      />
      {sending && <SendModal proposal={proposal} opened onClose={() => setSending(false)} />}
    </>
  );
}

function Summary({ proposal }: { proposal: Proposal }) {
  return <ProposalSummary proposal={proposal} currency={useSettings().data?.firmSettings.currency} />;
}

/** Proposals: priced documents in sections, sent as a link the client approves (a section at a time, if allowed). */
export default recordPages<Proposal, ProposalInput, ProposalRow>({
  resource: proposals,
  form: (props) => <ProposalForm {...props} />,
  description:
    'Priced documents in sections, with pictures and options, that the client reads, chooses from and signs online.',
  useList: useProposalList,
  created: (p) => `${p.number} created as a draft.`,
  newDescription: 'Who it is for and its terms, then a section for each part of the work.',
  subtitle: (p) =>
    `${p.title} · ${p.customer.name} · ${PROPOSAL_STATUS_LABELS[p.status]} · ${formatMoney(p.totalCents)}`,
  actions: (p) => <ProposalActions proposal={p} />,
  details: { above: (p) => <Summary proposal={p} /> },
  deleteText: 'Deleting removes the draft for good. A proposal that was sent is declined instead.',
  deletable: (p) => p.status === 'draft' && p.revision === 1 && !p.sentAt,
  tabs: { preview: () => import('./proposal-preview-tab') },
});
