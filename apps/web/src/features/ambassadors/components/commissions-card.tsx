import {
  type Ambassador,
  COMMISSION_STATUS_LABELS,
  type Commission,
  commissionPayoutSchema,
  KINDS,
  moneyAccountLabel,
  P,
  recordHref,
} from '@atelier/contracts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DialogActions } from '../../../components/dialog-actions';
import { Figure } from '../../../components/figure';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCheckedSubmit } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSettings } from '../../settings/api';
import { moneyAccounts } from '../../settings/money-accounts';
import { useCommissions, usePayout } from '../api';

/** "Pay out": everything owed, from one of the firm's money accounts, recorded as an expense. */
function PayoutModal({
  ambassador,
  owedCents,
  currency,
  onClose,
}: {
  ambassador: Ambassador;
  owedCents: number;
  currency?: string;
  onClose: () => void;
}) {
  const accounts = moneyAccounts.useList();
  const payout = usePayout(ambassador._id);
  const [paidFrom, setPaidFrom] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const { errors, submit } = useCheckedSubmit(
    commissionPayoutSchema,
    (input) => payout.mutateAsync(input),
    (result) => {
      toastSuccess(`${formatMoney(result.paidCents, currency)} paid to ${ambassador.name}, recorded as an expense.`);
      onClose();
    },
  );
  return (
    <Modal opened onClose={onClose} title={`Pay ${ambassador.name}`}>
      <Stack>
        <Text size="sm">
          Pays the {formatMoney(owedCents, currency)} of commission owed, and records it as an expense (Commissions)
          paid from the account chosen.
        </Text>
        <Select
          label="Paid from"
          withAsterisk
          data={(accounts.data ?? []).map((a) => ({ value: a._id, label: moneyAccountLabel(a) }))}
          value={paidFrom}
          onChange={setPaidFrom}
          allowDeselect={false}
          error={errors.paidFrom}
        />
        <TextInput
          type="date"
          label="Paid on"
          description="Today unless set"
          value={date ?? ''}
          onChange={(e) => setDate(e.currentTarget.value || null)}
          error={errors.date}
        />
        <TextInput
          label="Reference"
          placeholder="Check or transfer number"
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
          error={errors.reference}
        />
        <DialogActions
          onCancel={onClose}
          confirm={`Pay ${formatMoney(owedCents, currency)}`}
          loading={payout.isPending}
          onConfirm={() =>
            submit(
              { ambassador: ambassador._id, paidFrom: paidFrom ?? '', date, reference },
              paidFrom ? {} : { paidFrom: 'Choose the account it is paid from.' },
            )
          }
        />
      </Stack>
    </Modal>
  );
}

function CommissionRow(c: Commission, currency?: string) {
  return {
    key: c._id,
    cells: [
      <Anchor key="i" component={Link} to={recordHref(KINDS.invoice, c.invoice._id)} size="sm">
        {c.invoice.name}
      </Anchor>,
      c.customer.name,
      formatDate(c.earnedOn),
      `${formatMoney(c.amountCents, currency)} (${c.percent}% of ${formatMoney(c.baseCents, currency)})`,
      <Group key="s" gap={4} wrap="nowrap">
        <Badge color={c.status === 'paid' ? 'teal' : 'orange'} variant="light">
          {COMMISSION_STATUS_LABELS[c.status]}
        </Badge>
        {!c.invoicePaid && (
          <Badge color="red" variant="light" title="Its invoice lost a payment after the payout">
            Invoice no longer paid
          </Badge>
        )}
      </Group>,
      c.payout ? (
        <Anchor key="p" component={Link} to={recordHref(KINDS.expense, c.payout._id)} size="sm">
          {c.paidOn ? formatDate(c.paidOn) : c.payout.name}
        </Anchor>
      ) : (
        '—'
      ),
    ],
  };
}

/**
 * The ambassador's commissions: earned (on referred customers' paid invoices), paid and owed,
 * each invoice's, and the payout of what is owed (88).
 */
export function CommissionsCard({ ambassador }: { ambassador: Ambassador }) {
  const { can } = useCan();
  const allowed = can(P.MODIFY_AMBASSADORS);
  const page = useCommissions(ambassador._id, allowed);
  const currency = useSettings().data?.firmSettings.currency;
  const [paying, setPaying] = useState(false);
  if (!allowed || !page.data) return null;
  const { totals, items } = page.data;
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group justify="space-between">
          <div>
            <Title order={2} size="h4">
              Commissions
            </Title>
            <Text size="sm" c="dimmed">
              {ambassador.commissionPercent}% of what each referred customer’s invoice bills before tax, once it is
              paid.
            </Text>
          </div>
          {totals.owedCents > 0 && <Button onClick={() => setPaying(true)}>Pay out {money(totals.owedCents)}</Button>}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Figure label="Earned" value={money(totals.earnedCents)} />
          <Figure label="Paid" value={money(totals.paidCents)} />
          <Figure label="Owed" value={money(totals.owedCents)} />
        </SimpleGrid>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing earned yet: commission is earned when a referred customer’s invoice is paid in full.
          </Text>
        ) : (
          <ScrollTable
            head={['Invoice', 'Customer', 'Earned', 'Commission', 'Status', 'Paid']}
            rows={items.map((c) => CommissionRow(c, currency))}
          />
        )}
      </Stack>
      {paying && (
        <PayoutModal
          ambassador={ambassador}
          owedCents={totals.owedCents}
          currency={currency}
          onClose={() => setPaying(false)}
        />
      )}
    </Card>
  );
}
