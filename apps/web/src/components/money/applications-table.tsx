import { type Application, KINDS, recordHref } from '@atelier/contracts';
import { Anchor, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format';
import { ConfirmDialog } from '../confirm-dialog';

/**
 * The invoices a payment's or a credit memo's money is on, each with Unapply (for those who may):
 * taken off, the invoice owes it again and the money is unapplied again.
 */
export function ApplicationsTable(props: {
  applications: readonly Application[];
  /** The payment or credit memo, by name. */
  name: string;
  currency?: string;
  /** Takes the money off one invoice; none: no Unapply buttons. */
  unapply?: (invoice: string) => Promise<unknown>;
  /** What unapplied money becomes: "the customer’s credit again". */
  becomes: string;
  /** Whether each row's date is when it was applied (a credit memo's); a payment's rows carry its received date. */
  dated?: boolean;
}) {
  const [taking, setTaking] = useState<Application | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (cents: number) => formatMoney(cents, props.currency);
  const { unapply } = props;
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          On invoices
        </Title>
        {props.applications.length === 0 ? (
          <Text size="sm" c="dimmed">
            None of {props.name} is on an invoice.
          </Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                {unapply && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.applications.map((a) => (
                <Table.Tr key={a._id}>
                  <Table.Td>
                    <Anchor component={Link} to={recordHref(KINDS.invoice, a.invoice._id)} size="sm">
                      {a.invoice.name}
                    </Anchor>
                    {props.dated && (
                      <Text size="xs" c="dimmed">
                        Applied {formatDate(a.date)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{money(a.amountCents)}</Table.Td>
                  {unapply && (
                    <Table.Td ta="right">
                      <Button size="xs" variant="default" onClick={() => setTaking(a)}>
                        Unapply
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {unapply && (
        <ConfirmDialog
          opened={taking !== null}
          title={`Take ${props.name} off ${taking?.invoice.name ?? ''}?`}
          text={`${taking?.invoice.name} will owe ${money(taking?.amountCents ?? 0)} again, and the money is ${props.becomes}.`}
          confirm="Unapply"
          done={`${props.name} taken off ${taking?.invoice.name}.`}
          loading={busy}
          run={async () => {
            setBusy(true);
            try {
              await unapply(taking!.invoice._id);
            } finally {
              setBusy(false);
            }
          }}
          onClose={() => setTaking(null)}
        />
      )}
    </Card>
  );
}
