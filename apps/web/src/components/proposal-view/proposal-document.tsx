import { Anchor, Divider, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../lib/format';
import { ProposalSection } from './proposal-section';
import { ProposalSummary } from './proposal-summary';
import {
  lineAsChosen,
  type OpenProposal,
  type ProposalChoices,
  proposalTotals,
  withAlternative,
  withOptional,
} from './proposal-totals';

export { initialChoices, type ProposalChoices, type ProposalTotals, proposalTotals } from './proposal-totals';

/**
 * A proposal (or change order) exactly as its client reads it: the cover, each section, the
 * totals as ticked and the terms. The client's public page and the staff's preview both show it;
 * choices can be changed only where `onChoicesChange` is given, the document is not read-only and
 * the section is still open.
 */
export function ProposalDocument({
  doc,
  choices,
  onChoicesChange,
  readOnly = false,
}: {
  doc: OpenProposal;
  choices: ProposalChoices;
  onChoicesChange?: (choices: ProposalChoices) => void;
  readOnly?: boolean;
}) {
  const totals = proposalTotals(doc, choices);
  const kind = doc.document === 'change_order' ? 'Change order' : 'Proposal';
  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {doc.coverImage && <Image src={doc.coverImage} alt="" h={{ base: 180, sm: 300 }} fit="cover" />}
        <Stack p={{ base: 'md', sm: 'xl' }} gap={6}>
          <Text fw={700} c="dimmed" tt="uppercase" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {doc.firm.name}
          </Text>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {doc.title}
          </Title>
          <Text size="sm" c="dimmed">
            {kind} {doc.number}
            {doc.revision > 1 ? `, revision ${doc.revision}` : ''}
          </Text>
          <Text>Prepared for {doc.customerName}</Text>
          {doc.validUntil && <Text size="sm">Valid until {formatDate(doc.validUntil.slice(0, 10))}</Text>}
          {(doc.firm.email || doc.firm.phone) && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Questions? Contact {doc.firm.name}
              {doc.firm.email && (
                <>
                  {' at '}
                  <Anchor href={`mailto:${doc.firm.email}`} inherit>
                    {doc.firm.email}
                  </Anchor>
                </>
              )}
              {doc.firm.phone && (
                <>
                  {doc.firm.email ? ' or ' : ' at '}
                  <Anchor href={`tel:${doc.firm.phone.replace(/[^\d+]/g, '')}`} inherit>
                    {doc.firm.phone}
                  </Anchor>
                </>
              )}
              .
            </Text>
          )}
        </Stack>
      </Paper>
      {doc.sections.map((section) => (
        <Stack key={section._id} gap="xl">
          <ProposalSection
            section={section}
            lines={section.lines.map((line) => lineAsChosen(section, line, choices))}
            priced={totals.lines}
            subtotalCents={totals.sections.get(section._id) ?? 0}
            editable={!readOnly && onChoicesChange !== undefined && section.status === 'open'}
            onOptional={(lineId, on) => onChoicesChange?.(withOptional(choices, lineId, on))}
            onAlternative={(lineId) => onChoicesChange?.(withAlternative(choices, section, lineId))}
          />
          <Divider />
        </Stack>
      ))}
      <ProposalSummary doc={doc} totals={totals} />
      {doc.terms && (
        <Stack component="section" gap="xs" aria-label="Terms">
          <Title order={2} size="h3">
            Terms
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {doc.terms}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
