import { PROPOSAL_STATUS_LABELS, type Proposal, type ProposalStatus, type SectionStatus } from '@atelier/contracts';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { RevisionChanges } from '../../../components/documents/revision-changes';
import { ApprovalLink } from '../../../components/online-approval/approval-link';
import { ApprovalRecords } from '../../../components/online-approval/approval-records';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { proposals, useProposalStep } from '../api';

export const PROPOSAL_STATUS_COLORS: Record<ProposalStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  viewed: 'cyan',
  partially_approved: 'teal',
  approved: 'green',
  declined: 'red',
};

const SECTION_STATUS: Record<SectionStatus, { label: string; color: string }> = {
  open: { label: 'Open', color: 'gray' },
  approved: { label: 'Approved', color: 'green' },
  declined: { label: 'Declined', color: 'red' },
};

/** The link the client was sent, copied or revoked from here. */
function LinkState({ proposal }: { proposal: Proposal }) {
  const { can } = useCan();
  const step = useProposalStep(proposal._id);
  return (
    <ApprovalLink
      link={proposal.link}
      revision={proposal.revision}
      number={proposal.number}
      noun="proposal"
      notSent="Not sent yet: sending emails the client a link to read and approve it."
      onRevoke={can(proposals.kind.codes.modify) ? () => step.mutateAsync('revoke') : undefined}
      revoking={step.isPending}
    />
  );
}

/** Where the proposal stands: its state, its link, its sections, what changed since it was sent, and the client's decisions. */
export function ProposalSummary({ proposal, currency }: { proposal: Proposal; currency?: string }) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group gap="xs">
          <Badge color={PROPOSAL_STATUS_COLORS[proposal.status]} variant="light">
            {PROPOSAL_STATUS_LABELS[proposal.status]}
          </Badge>
          {proposal.revision > 1 && (
            <Badge color="grape" variant="light">
              Revision {proposal.revision}
            </Badge>
          )}
          <Text size="sm">
            {proposal.customer.name}
            {proposal.company ? ` · ${proposal.company.name}` : ''} · valid until{' '}
            {formatDate(proposal.validUntil.slice(0, 10))}
          </Text>
        </Group>
        <Text size="sm">
          Total {money(proposal.totalCents)}
          {proposal.depositCents > 0 ? ` · deposit asked ${money(proposal.depositCents)}` : ''}
          {proposal.sectionApproval ? ' · each section may be approved on its own' : ''}
        </Text>
        <LinkState proposal={proposal} />
        {proposal.sections.length > 0 && (
          <Stack gap={4}>
            <Title order={3} size="h6">
              Sections
            </Title>
            {proposal.sections.map((s) => (
              <Group key={s._id} gap="xs" justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {s.title}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{money(s.totalCents)}</Text>
                  <Badge color={SECTION_STATUS[s.status].color} variant="light" size="sm">
                    {SECTION_STATUS[s.status].label}
                  </Badge>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        {proposal.unsent.length > 0 && (
          <Stack gap={4}>
            <Title order={3} size="h6">
              Changed since revision {proposal.link?.revision ?? proposal.revision - 1} was sent
            </Title>
            <RevisionChanges changes={proposal.unsent} currency={currency} />
          </Stack>
        )}
        <ApprovalRecords approvals={proposal.approvals} whole="The whole proposal" orderVerb="Became order" />
      </Stack>
    </Card>
  );
}
