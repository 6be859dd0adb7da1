import {
  KINDS,
  recordHref,
  VENDOR_CREDIT_STATUS_LABELS,
  type VendorCredit,
  type VendorCreditInput,
  type VendorCreditRow,
} from '@atelier/contracts';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { lazyNamed } from '../../../components/lazy';
import { Fact } from '../../../components/money/fact';
import { recordPages } from '../../../components/record/record-pages';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useSettings } from '../../settings/api';
import { useApplyToBills, useVoidVendorCredit, vendorCredits } from '../api';
import { BillApplicationsTable } from '../components/bill-applications-table';
import { VoidModal } from '../components/void-modal';

const VendorCreditForm = lazyNamed(() => import('../components/vendor-credit-form'), 'VendorCreditForm');
const ApplyToBillsModal = lazyNamed(() => import('../components/apply-to-bills-modal'), 'ApplyToBillsModal');

const useCurrency = () => useSettings().data?.firmSettings.currency;

const STATUS_COLORS: Record<VendorCredit['status'], string> = { open: 'blue', applied: 'green', void: 'gray' };

function useCreditList() {
  return {
    currency: useCurrency(),
    defaultSort: '-number',
    render: {
      status: (row: VendorCreditRow) => (
        <Badge color={STATUS_COLORS[row.status]} variant="light">
          {VENDOR_CREDIT_STATUS_LABELS[row.status]}
        </Badge>
      ),
    },
  };
}

/** Apply to bills while credit is left; Void until it is void. */
function CreditActions({ credit }: { credit: VendorCredit }) {
  const { can } = useCan();
  const apply = useApplyToBills('vendor_credit', credit._id);
  const voiding = useVoidVendorCredit(credit._id);
  const currency = useCurrency();
  const [open, setOpen] = useState<'apply' | 'void' | null>(null);
  const close = () => setOpen(null);
  if (!can(KINDS.vendor_credit.codes.modify) || credit.status === 'void') return null;
  return (
    <>
      {credit.remainingCents > 0 && <Button onClick={() => setOpen('apply')}>Apply to bills</Button>}
      <Button variant="default" color="red" onClick={() => setOpen('void')}>
        Void
      </Button>
      {open === 'apply' && (
        <ApplyToBillsModal
          name={credit.name}
          vendor={credit.vendor._id}
          availableCents={credit.remainingCents}
          leftLabel="Left to use"
          currency={currency}
          apply={async (applications) => {
            const after = (await apply.mutateAsync({ applications })) as VendorCredit;
            return `${formatMoney(after.appliedCents - credit.appliedCents, currency)} of ${credit.name} applied; ${formatMoney(after.remainingCents, currency)} left to use.`;
          }}
          onClose={close}
        />
      )}
      {open === 'void' && (
        <VoidModal
          name={credit.name}
          inUse={credit.appliedCents > 0}
          text={
            credit.appliedCents > 0
              ? `${formatMoney(credit.appliedCents, currency)} of ${credit.name} is on bills: take it off them (Unapply, below), then void it.`
              : `The ${formatMoney(credit.amountCents, currency)} of credit no longer holds. It stays on record as void.`
          }
          confirm="Void credit"
          run={(reason) => voiding.mutateAsync(reason)}
          loading={voiding.isPending}
          onClose={close}
        />
      )}
    </>
  );
}

function Summary({ credit }: { credit: VendorCredit }) {
  const currency = useCurrency();
  const { can } = useCan();
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group gap="xs">
            <Badge color={STATUS_COLORS[credit.status]} variant="light">
              {VENDOR_CREDIT_STATUS_LABELS[credit.status]}
            </Badge>
            <Anchor component={Link} to={recordHref(KINDS.vendor, credit.vendor._id)} size="sm">
              {credit.vendor.name}
            </Anchor>
            {credit.vendorClaim && (
              <Text size="sm" c="dimmed">
                · settles a vendor claim
              </Text>
            )}
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
            <Fact label="Amount">
              <Text fw={700} span>
                {money(credit.amountCents)}
              </Text>
            </Fact>
            <Fact label="Used on bills">{money(credit.appliedCents)}</Fact>
            <Fact label="Left to use">
              <Text fw={700} span>
                {money(credit.remainingCents)}
              </Text>
            </Fact>
            <Fact label="Issued on">{formatDate(credit.issueDate)}</Fact>
          </SimpleGrid>
          <Fact label="Reason">{credit.reason}</Fact>
          {credit.status === 'void' && <Fact label="Why it is void">{credit.voidReason}</Fact>}
        </Stack>
      </Card>
      <BillApplicationsTable
        applications={credit.applications}
        side="source"
        name={credit.name}
        currency={currency}
        mayUnapply={can(KINDS.vendor_credit.codes.modify)}
      />
    </>
  );
}

/** Vendor credits: credit vendors gave the firm, used on their bills. */
const pages = recordPages<VendorCredit, VendorCreditInput, VendorCreditRow>({
  resource: vendorCredits,
  form: (props) => <VendorCreditForm {...props} />,
  description:
    'Credit your vendors gave you (for a return, a damaged delivery, a price corrected), used on their bills.',
  newDescription: 'Credit a vendor gave the firm, to use on their bills.',
  useList: useCreditList,
  created: (c) => `${c.name} recorded: ${formatMoney(c.remainingCents)} of credit from ${c.vendor.name}.`,
  subtitle: (c) =>
    `${c.vendor.name} · ${VENDOR_CREDIT_STATUS_LABELS[c.status]} · ${formatMoney(c.remainingCents)} left of ${formatMoney(c.amountCents)}`,
  actions: (c) => <CreditActions credit={c} />,
  details: { above: (c) => <Summary credit={c} /> },
  deleteText: 'Deleting removes the credit for good. One that was used is voided instead, once unapplied.',
  deletable: (c) => c.appliedCents === 0 && !c.vendorClaim,
});

export default pages;
