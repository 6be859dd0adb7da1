import { type BillApplication, KINDS, recordHref } from '@atelier/contracts';
import { Anchor, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDate, formatMoney } from '../../../lib/format';
import { useUnapplyApplication } from '../api';

/**
 * Money on bills: on a bill's page, the payments and credits that pay it (`side: 'bill'`); on a
 * payment's or a credit's page, the bills it pays. Each with Unapply for those who may: taken
 * off, the bill owes it again and the money is the vendor's to apply again.
 */
export function BillApplicationsTable(props: {
  applications: readonly BillApplication[];
  side: 'bill' | 'source';
  /** The record whose page it is, by name. */
  name: string;
  currency?: string;
  mayUnapply: boolean;
}) {
  const unapply = useUnapplyApplication();
  const [taking, setTaking] = useState<BillApplication | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (cents: number) => formatMoney(cents, props.currency);
  const other = (a: BillApplication) =>
    props.side === 'bill'
      ? {
          name: a.source.name,
          href: recordHref(a.sourceType === 'bill_payment' ? KINDS.bill_payment : KINDS.vendor_credit, a.source._id),
        }
      : { name: a.bill.name, href: recordHref(KINDS.vendor_bill, a.bill._id) };
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {props.side === 'bill' ? 'Payments and credits' : 'On bills'}
        </Title>
        {props.applications.length === 0 ? (
          <Text size="sm" c="dimmed">
            {props.side === 'bill' ? `Nothing is paid on ${props.name} yet.` : `None of ${props.name} is on a bill.`}
          </Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{props.side === 'bill' ? 'Paid by' : 'Bill'}</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                {props.mayUnapply && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.applications.map((a) => (
                <Table.Tr key={a._id}>
                  <Table.Td>
                    <Anchor component={Link} to={other(a).href} size="sm">
                      {other(a).name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {formatDate(a.date)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{money(a.amountCents)}</Table.Td>
                  {props.mayUnapply && (
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
      <ConfirmDialog
        opened={taking !== null}
        title={`Take ${taking?.source.name ?? ''} off ${taking?.bill.name ?? ''}?`}
        text={`${taking?.bill.name} will owe ${money(taking?.amountCents ?? 0)} again, and ${taking?.source.name} has it to apply again.`}
        confirm="Unapply"
        done={`${taking?.source.name} taken off ${taking?.bill.name}.`}
        loading={busy}
        run={async () => {
          setBusy(true);
          try {
            await unapply({ sourceType: taking!.sourceType, source: taking!.source._id, bill: taking!.bill._id });
          } finally {
            setBusy(false);
          }
        }}
        onClose={() => setTaking(null)}
      />
    </Card>
  );
}
