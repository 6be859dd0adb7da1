import { type ApprovalRecord, KINDS } from '@atelier/contracts';
import { Anchor, Badge, Box, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';

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

/** A signed decision of the client, with what proves it. */
function ApprovalCard({ approval, whole, orderVerb }: { approval: ApprovalRecord; whole: string; orderVerb: string }) {
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
          {approval.sections.length > 0 ? `Sections: ${approval.sections.map((s) => s.name).join(', ')}` : whole}
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
        {(approval.pdfUrl || (approval.order && approved)) && (
          <Group gap="md">
            {approval.pdfUrl && (
              <Anchor href={approval.pdfUrl} target="_blank" rel="noopener" size="sm">
                Signed PDF
              </Anchor>
            )}
            {approval.order && approved && (
              <Anchor component={Link} to={`${KINDS.order.webPath}/${approval.order._id}`} size="sm">
                {orderVerb} {approval.order.name}
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

/**
 * The client's decisions through a document's links, newest first, each with its evidence: who,
 * when, from where, the fingerprints, the signature and the signed PDF.
 */
export function ApprovalRecords({
  approvals,
  whole,
  orderVerb,
}: {
  approvals: ApprovalRecord[];
  /** What a decision of no sections was about: "The whole proposal". */
  whole: string;
  /** Before the order's number: "Became order", "Changed order". */
  orderVerb: string;
}) {
  if (approvals.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        The client’s decisions
      </Title>
      {approvals.map((a) => (
        <ApprovalCard key={a._id} approval={a} whole={whole} orderVerb={orderVerb} />
      ))}
    </Stack>
  );
}
