import type { PublicApproval } from '@atelier/contracts';
import { Alert, Anchor, Button, Code, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { OpenProposal } from '../../../components/proposal-view/proposal-totals';
import { formatDateTime } from '../../../lib/format';

const hashStyle = { overflowWrap: 'anywhere', whiteSpace: 'normal' } as const;

/** What a decision was about: the whole document, or its sections by the titles the client read. */
function subjectOf(doc: OpenProposal, sections: string[]): string {
  if (sections.length === 0) return `this ${doc.document === 'change_order' ? 'change order' : 'proposal'}`;
  const titles = new Map(doc.sections.map((s) => [s._id, s.title]));
  const named = sections.map((id) => `“${titles.get(id) ?? id}”`).join(', ');
  return sections.length === 1 ? `the section ${named}` : `the sections ${named}`;
}

function Record({ doc, record, focus }: { doc: OpenProposal; record: PublicApproval; focus: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focus) return;
    ref.current?.focus();
    ref.current?.scrollIntoView?.({ block: 'center' });
  }, [focus]);
  const approved = record.decision === 'approved';
  const who = record.name || 'the client';
  const when = formatDateTime(record.decidedAt);
  const what = subjectOf(doc, record.sections);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color={approved ? 'green' : 'gray'}
      title={approved ? `Approved by ${who}` : `Declined by ${who}`}
    >
      <Stack gap="xs">
        <Text size="sm">
          {`${record.name || 'The client'} ${approved ? 'approved' : 'declined'} ${what} on ${when}.`}
        </Text>
        <Text size="sm">
          Fingerprint of what was shown and chosen (SHA-256): <Code style={hashStyle}>{record.snapshotSha256}</Code>
        </Text>
        {record.pdfUrl && (
          <Stack gap={4} align="flex-start">
            <Button component="a" href={record.pdfUrl} download variant="light" size="sm">
              Download the signed PDF
            </Button>
            {record.pdfSha256 && (
              <Text size="xs" c="dimmed">
                The PDF’s SHA-256 is <Code style={hashStyle}>{record.pdfSha256}</Code>. Anyone holding a copy can{' '}
                <Anchor component={Link} to="/proposals/verify" inherit>
                  check that it is the signed one
                </Anchor>
                .
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}

/** What the client decided, newest first; the one just made takes the focus, so it is read out. */
export function DecisionRecords({ doc, focusId }: { doc: OpenProposal; focusId: string | null }) {
  if (doc.approvals.length === 0) return null;
  const records = [...doc.approvals].sort((a, b) => b.decidedAt.localeCompare(a.decidedAt));
  return (
    <Stack gap="sm">
      {records.map((record) => (
        <Record key={record._id} doc={doc} record={record} focus={record._id === focusId} />
      ))}
    </Stack>
  );
}
