import { KINDS, QUOTE_STATUS_LABELS, type Quote } from '@atelier/contracts';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DocumentLines } from '../../../components/documents/document-lines';
import { RevisionChanges } from '../../../components/documents/revision-changes';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';

export const QUOTE_STATUS_COLORS: Record<Quote['status'], string> = {
  draft: 'gray',
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
  expired: 'orange',
};

/** The quote as the customer reads it, and its revisions with what changed in each. */
export function QuoteSummary({ quote, currency }: { quote: Quote; currency?: string }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color={QUOTE_STATUS_COLORS[quote.status]} variant="light">
            {QUOTE_STATUS_LABELS[quote.status]}
          </Badge>
          {quote.revision > 1 && (
            <Badge color="grape" variant="light">
              Revision {quote.revision}
            </Badge>
          )}
          <Text size="sm">
            {quote.customer.name}
            {quote.company ? ` · ${quote.company.name}` : ''} · valid until {formatDate(quote.validUntil)}
          </Text>
          {quote.order && (
            <Anchor component={Link} to={`${KINDS.order.webPath}/${quote.order._id}`} size="sm">
              Became order {quote.order.name}
            </Anchor>
          )}
        </Group>
        <DocumentLines lines={quote.lines} currency={currency} totals={quote} />
        {quote.unsent.length > 0 && (
          <Stack gap={4}>
            <Title order={3} size="h6">
              Changed since revision {quote.revisions[0]?.revision} was sent
            </Title>
            <RevisionChanges changes={quote.unsent} currency={currency} />
          </Stack>
        )}
        {quote.revisions.length > 0 && (
          <Stack gap={4}>
            <Title order={3} size="h6">
              Revisions sent
            </Title>
            {quote.revisions.map((r) => (
              <Stack key={r.revision} gap={2}>
                <Text size="sm">
                  Revision {r.revision} · {formatDateTime(r.sentAt)} · {formatMoney(r.totalCents, currency)}
                </Text>
                {r.changes.length > 0 && <RevisionChanges changes={r.changes} currency={currency} size="xs" />}
              </Stack>
            ))}
          </Stack>
        )}
        {quote.notes && (
          <Text size="sm" c="dimmed">
            Notes: {quote.notes}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
