import type { PublicProposal } from '@atelier/contracts';
import { Alert, Anchor, Button, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import {
  initialChoices,
  type ProposalChoices,
  ProposalDocument,
} from '../../../components/proposal-view/proposal-document';
import type { OpenProposal } from '../../../components/proposal-view/proposal-totals';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { approvalApi, usePublicProposal } from '../api';
import { ApprovalPanel } from '../components/approval-panel';
import { DecisionRecords } from '../components/decision-records';
import { PublicMessage } from '../components/public-message';
import { usePageTitle } from '../page-title';

/** Tells the firm the client opened it: once per page, and never in the client's way. */
function useRecordView(token: string, open: boolean) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!open || sent.current === token) return;
    sent.current = token;
    approvalApi.view(token).catch(() => {});
  }, [token, open]);
}

function LinkProblem({ error, retry }: { error: unknown; retry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  if (status === 410)
    return (
      <PublicMessage title="This link is no longer valid">
        <Text>{message}</Text>
      </PublicMessage>
    );
  if (status === 404)
    return (
      <PublicMessage title="We could not find this proposal">
        <Text>
          Check that you opened the whole link from your email. If it still does not open, ask the firm that sent it for
          a new link.
        </Text>
      </PublicMessage>
    );
  return (
    <PublicMessage title="The proposal could not be loaded">
      <Text>{message}</Text>
      <Button onClick={retry} variant="light" style={{ alignSelf: 'flex-start' }}>
        Try again
      </Button>
    </PublicMessage>
  );
}

function Replaced({ doc }: { doc: Extract<PublicProposal, { state: 'replaced' }> }) {
  return (
    <PublicMessage title="This proposal was replaced">
      <Text>
        {doc.firm.name} sent a newer revision of proposal {doc.number}, so this one can no longer be approved.
      </Text>
      {doc.replacedBy ? (
        <Button component="a" href={doc.replacedBy} style={{ alignSelf: 'flex-start' }}>
          Open the newer revision
        </Button>
      ) : (
        <Text>
          Ask {doc.firm.name} for the link to the newer revision
          {doc.firm.email && (
            <>
              {' at '}
              <Anchor href={`mailto:${doc.firm.email}`}>{doc.firm.email}</Anchor>
            </>
          )}
          .
        </Text>
      )}
    </PublicMessage>
  );
}

function OpenDocument({ token, doc }: { token: string; doc: OpenProposal }) {
  const [choices, setChoices] = useState<ProposalChoices>(() => initialChoices(doc));
  const [focusId, setFocusId] = useState<string | null>(null);
  const decidable = doc.sections.some((s) => s.status === 'open') && doc.status !== 'declined';
  const latest = doc.approvals.reduce<OpenProposal['approvals'][number] | null>(
    (last, a) => (last && last.decidedAt > a.decidedAt ? last : a),
    null,
  );
  return (
    <Container size="md" px={0}>
      <Stack gap="xl">
        {!decidable && latest && (
          <Alert
            color={latest.decision === 'approved' ? 'green' : 'gray'}
            title={`This ${doc.document === 'change_order' ? 'change order' : 'proposal'} has been decided`}
          >
            {latest.name || 'The client'} {latest.decision} it on {formatDateTime(latest.decidedAt)}.{' '}
            <Anchor href="#decisions" inherit>
              See the decision and the signed copy
            </Anchor>
            .
          </Alert>
        )}
        <ProposalDocument
          doc={doc}
          choices={choices}
          onChoicesChange={decidable ? setChoices : undefined}
          readOnly={!decidable}
        />
        <Stack id="decisions" gap="md">
          <DecisionRecords doc={doc} focusId={focusId} />
          {decidable && (
            // A new panel after each decision: what was entered for the last one starts over.
            <ApprovalPanel
              key={doc.approvals.length}
              token={token}
              doc={doc}
              choices={choices}
              onDecided={setFocusId}
            />
          )}
        </Stack>
      </Stack>
    </Container>
  );
}

/** /proposals/approve/{token}: the client reads, chooses, signs and approves (or declines) without signing in. */
export default function ApprovePage() {
  const { token = '' } = useParams();
  const proposal = usePublicProposal(token);
  const doc = proposal.data;
  useRecordView(token, doc?.state === 'open');
  const status = proposal.error instanceof ApiError ? proposal.error.status : null;
  usePageTitle(
    doc?.state === 'open'
      ? `${doc.title} · ${doc.firm.name}`
      : doc?.state === 'replaced'
        ? `Proposal ${doc.number} was replaced`
        : status === 410
          ? 'This link is no longer valid'
          : status === 404
            ? 'Proposal not found'
            : 'Proposal',
  );

  if (proposal.isPending)
    return (
      <Center py={64}>
        <Loader aria-label="Loading the proposal" />
      </Center>
    );
  if (proposal.isError) return <LinkProblem error={proposal.error} retry={() => void proposal.refetch()} />;
  if (proposal.data.state === 'replaced') return <Replaced doc={proposal.data} />;
  return <OpenDocument token={token} doc={proposal.data} />;
}
