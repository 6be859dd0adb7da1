import {
  type ApprovalRecord,
  KINDS,
  PROPOSAL_STATUS_LABELS,
  type Proposal,
  type ProposalStatus,
  type SectionStatus,
} from '@atelier/contracts';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  CopyButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RevisionChanges } from '../../../components/documents/revision-changes';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
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

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n.toLocaleString('en-US')} times`);

/** A link that works now: of the revision being shown, not revoked, not past its date. */
export const linkIsLive = (proposal: Proposal) =>
  Boolean(
    proposal.link &&
      proposal.link.revision === proposal.revision &&
      !proposal.link.revokedAt &&
      new Date(proposal.link.expiresAt).getTime() > Date.now(),
  );

/** A fact of the evidence: its name, and its value as it is (hashes break anywhere on a phone). */
function Fact({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <Box miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff={mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

/** The link the client was sent: when, until when, how it was read; copied or revoked from here. */
function LinkState({ proposal }: { proposal: Proposal }) {
  const { can } = useCan();
  const step = useProposalStep(proposal._id);
  const [revoking, setRevoking] = useState(false);
  const link = proposal.link;
  if (!link)
    return (
      <Text size="sm" c="dimmed">
        Not sent yet: sending emails the client a link to read and approve it.
      </Text>
    );
  const live = linkIsLive(proposal);
  const expired = new Date(link.expiresAt).getTime() <= Date.now();
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Title order={3} size="h6">
          Link of revision {link.revision}
        </Title>
        {link.revokedAt ? (
          <Badge color="red" variant="light">
            Revoked {formatDateTime(link.revokedAt)}
          </Badge>
        ) : expired ? (
          <Badge color="orange" variant="light">
            Expired
          </Badge>
        ) : link.revision < proposal.revision ? (
          <Badge color="grape" variant="light">
            Replaced
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            Working
          </Badge>
        )}
      </Group>
      <Text size="sm">
        Sent {formatDateTime(link.sentAt)} · works until {formatDateTime(link.expiresAt)}
      </Text>
      <Text size="sm">
        {link.viewCount === 0 || !link.firstViewedAt
          ? 'The client has not opened it yet.'
          : `Opened ${times(link.viewCount)}: first ${formatDateTime(link.firstViewedAt)}, last ${formatDateTime(
              link.lastViewedAt ?? link.firstViewedAt,
            )}.`}
      </Text>
      {link.revision < proposal.revision && (
        <Text size="sm" c="dimmed">
          Revision {proposal.revision} is not sent yet: until it is, the link tells the client this one was replaced.
        </Text>
      )}
      {live && (
        <Group gap="xs">
          <CopyButton value={link.url}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                size="xs"
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? 'Link copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
          <Button
            component="a"
            href={link.url}
            target="_blank"
            rel="noopener"
            variant="default"
            size="xs"
            leftSection={<IconExternalLink size={14} />}
          >
            Open the client’s page
          </Button>
          {can(proposals.kind.codes.modify) && (
            <Button variant="default" color="red" size="xs" onClick={() => setRevoking(true)}>
              Revoke link
            </Button>
          )}
        </Group>
      )}
      <ConfirmDialog
        opened={revoking}
        title={`Revoke the link to ${proposal.number}?`}
        text="The link stops working at once: the client can no longer open or approve the proposal through it. Sending the proposal again gives them a new link."
        confirm="Revoke the link"
        color="red"
        done={`The link to ${proposal.number} no longer works.`}
        run={() => step.mutateAsync('revoke')}
        loading={step.isPending}
        onClose={() => setRevoking(false)}
      />
    </Stack>
  );
}

/** A signed decision of the client, with what proves it. */
function ApprovalCard({ approval }: { approval: ApprovalRecord }) {
  const approved = approval.decision === 'approved';
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge color={approved ? 'green' : 'red'} variant="light">
            {approved ? 'Approved' : 'Declined'}
          </Badge>
          <Text size="sm" fw={600}>
            {approval.name || 'The client'}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(approval.decidedAt)} · revision {approval.revision}
          </Text>
        </Group>
        <Text size="sm">
          {approval.sections.length > 0
            ? `Sections: ${approval.sections.map((s) => s.name).join(', ')}`
            : 'The whole proposal'}
        </Text>
        {approval.reason && <Text size="sm">Reason: {approval.reason}</Text>}
        {approval.signatureUrl && (
          <Image
            src={approval.signatureUrl}
            alt={`Signature of ${approval.name}`}
            h={72}
            w="auto"
            maw="100%"
            fit="contain"
            bg="white"
            radius="sm"
          />
        )}
        {(approval.pdfUrl || approval.order) && (
          <Group gap="md">
            {approval.pdfUrl && (
              <Anchor href={approval.pdfUrl} target="_blank" rel="noopener" size="sm">
                Signed PDF
              </Anchor>
            )}
            {approval.order && (
              <Anchor component={Link} to={`${KINDS.order.webPath}/${approval.order._id}`} size="sm">
                Became order {approval.order.name}
              </Anchor>
            )}
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Fact label="IP address">{approval.ip}</Fact>
          <Fact label="Browser">{approval.userAgent}</Fact>
          <Fact label="SHA-256 of what the client saw and chose" mono>
            {approval.snapshotSha256}
          </Fact>
          {approval.pdfSha256 && (
            <Fact label="SHA-256 of the signed PDF" mono>
              {approval.pdfSha256}
            </Fact>
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
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
        {proposal.approvals.length > 0 && (
          <Stack gap="xs">
            <Title order={3} size="h6">
              The client’s decisions
            </Title>
            {proposal.approvals.map((a) => (
              <ApprovalCard key={a._id} approval={a} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
