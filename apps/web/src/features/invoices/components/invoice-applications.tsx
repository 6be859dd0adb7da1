import { type Application, type Invoice, KINDS, recordHref } from '@atelier/contracts';
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { sourceKind, useUnapply } from '../api';

/**
 * The money on the invoice: each payment and credit memo applied to it, and taking one off again
 * (the invoice owes it again; the money is the customer's credit again).
 */
export function InvoiceApplications({ invoice, currency }: { invoice: Invoice; currency?: string }) {
  const { can } = useCan();
  const unapply = useUnapply(invoice);
  // Kept while the dialog closes, so its words do not blank out.
  const [taking, setTaking] = useState<Application | null>(null);
  const [confirming, setConfirming] = useState(false);
  const mayUnapply = (a: Application) =>
    invoice.status !== 'void' && can(KINDS.invoice.codes.modify) && can(sourceKind(a.sourceType).codes.modify);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Payments and credits
        </Title>
        {invoice.applications.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing is applied to {invoice.number} yet.
          </Text>
        ) : (
          <ScrollTable
            minWidth={280}
            head={['From', 'Amount', '']}
            rows={invoice.applications.map((a) => ({
              key: a._id,
              cells: [
                <Stack key="s" gap={0}>
                  <Anchor component={Link} to={recordHref(sourceKind(a.sourceType), a.source._id)} size="sm">
                    {a.source.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatDate(a.date)}
                  </Text>
                </Stack>,
                formatMoney(a.amountCents, currency),
                mayUnapply(a) ? (
                  <Button
                    key="u"
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => {
                      setTaking(a);
                      setConfirming(true);
                    }}
                  >
                    Unapply
                  </Button>
                ) : null,
              ],
            }))}
          />
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={taking ? `Take ${taking.source.name} off ${invoice.number}?` : ''}
        text={
          taking
            ? `${invoice.number} owes ${formatMoney(taking.amountCents, currency)} more again; the money stays the customer’s credit, to apply to another invoice.`
            : ''
        }
        confirm="Unapply"
        color="red"
        done={taking ? `${taking.source.name} taken off ${invoice.number}.` : ''}
        run={() => unapply.mutateAsync({ type: taking!.sourceType, id: taking!.source._id })}
        loading={unapply.isPending}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
