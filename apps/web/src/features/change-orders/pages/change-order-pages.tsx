import {
  CHANGE_ORDER_STATUS_LABELS,
  type ChangeOrder,
  type ChangeOrderInput,
  type ChangeOrderRow,
  KINDS,
  type Order,
  recordApiPath,
} from '@atelier/contracts';
import { Badge, Button, Card, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { lazyNamed } from '../../../components/lazy';
import { PageHeader } from '../../../components/page-header';
import { RecordNewPage, recordPages } from '../../../components/record/record-pages';
import { api } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSettings } from '../../settings/api';
import { changeOrders, useChangeOrderStep, useSendChangeOrder } from '../api';
import { CHANGE_ORDER_STATUS_COLORS, ChangeOrderSummary } from '../components/change-order-summary';

const ChangeOrderForm = lazyNamed(() => import('../components/change-order-form'), 'ChangeOrderForm');
const ApproveModal = lazyNamed(() => import('../components/approve-modal'), 'ApproveModal');

function useChangeOrderList() {
  return {
    currency: useSettings().data?.firmSettings.currency,
    defaultSort: '-created',
    render: {
      status: (row: ChangeOrderRow) => (
        <Badge color={CHANGE_ORDER_STATUS_COLORS[row.status]} variant="light">
          {CHANGE_ORDER_STATUS_LABELS[row.status]}
        </Badge>
      ),
    },
  };
}

/** The steps a change order's state allows: send it, record the customer's approval, decline it. */
function ChangeOrderActions({ co }: { co: ChangeOrder }) {
  const { can } = useCan();
  const step = useChangeOrderStep(co._id, co.order._id);
  const send = useSendChangeOrder(co._id);
  const [approving, setApproving] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  if (!can(changeOrders.kind.codes.modify)) return null;
  const open = co.status === 'draft' || co.status === 'sent';
  return (
    <>
      <Button component="a" variant="default" href={`/api/v1${changeOrders.path(co._id)}/pdf`} target="_blank">
        PDF
      </Button>
      {open && (
        <Button
          variant="default"
          loading={send.isPending}
          disabled={co.stale}
          onClick={async () => {
            try {
              await send.mutateAsync(undefined);
              toastSuccess(`${co.name} emailed to ${co.customer.name}.`);
            } catch (error) {
              showSubmitError(error);
            }
          }}
        >
          {co.status === 'draft' ? 'Email to customer' : 'Email again'}
        </Button>
      )}
      {co.status === 'draft' && (
        <Button
          variant="default"
          loading={step.isPending}
          onClick={async () => {
            try {
              await step.mutateAsync({ name: 'mark-sent' });
              toastSuccess(`${co.name} marked as sent.`);
            } catch (error) {
              showSubmitError(error);
            }
          }}
        >
          Mark as sent
        </Button>
      )}
      {open && (
        <Button disabled={co.stale} onClick={() => setApproving(true)}>
          Record approval
        </Button>
      )}
      {open && (
        <Button variant="default" color="red" onClick={() => setDeclining(true)}>
          Decline
        </Button>
      )}
      <ConfirmDialog
        opened={declining}
        title={`Decline ${co.name}?`}
        text={
          <>
            The customer said no: the order stays as it is.
            <Textarea
              mt="sm"
              label="Why"
              autosize
              minRows={2}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </>
        }
        confirm="Decline the change"
        color="red"
        done={`${co.name} declined.`}
        run={() => step.mutateAsync({ name: 'decline', reason })}
        loading={step.isPending}
        onClose={() => setDeclining(false)}
      />
      {approving && <ApproveModal co={co} opened onClose={() => setApproving(false)} />}
    </>
  );
}

function Summary({ co }: { co: ChangeOrder }) {
  return <ChangeOrderSummary co={co} currency={useSettings().data?.firmSettings.currency} />;
}

/** /o/change-orders/new?order={id}: a change order starts from its order's lines. */
function ChangeOrderNewPage() {
  const orderId = useSearchParams()[0].get('order') ?? '';
  // Read here, not through the orders feature: orders show their change orders, not the other way.
  const order = useQuery({
    queryKey: ['change-order-base', orderId],
    queryFn: () => api<Order>('GET', recordApiPath(KINDS.order, orderId)),
    enabled: Boolean(orderId),
    retry: false,
  });
  if (!orderId || order.isError)
    return (
      <Stack maw={900} mx="auto">
        <PageHeader title="New change order" />
        <Card withBorder padding="lg">
          <Stack align="flex-start">
            <Text size="sm">
              A change order starts from a confirmed order: open the order and choose New change order on its Change
              orders tab.
            </Text>
            <Button component={Link} to={KINDS.order.webPath} variant="default">
              Open the orders
            </Button>
          </Stack>
        </Card>
      </Stack>
    );
  if (!order.data) return null;
  return (
    <RecordNewPage<ChangeOrder, ChangeOrderInput>
      resource={changeOrders}
      title={`Change order for ${order.data.number}`}
      description={`${order.data.customer.name} · now ${formatMoney(order.data.totalCents)}`}
      created={(co) => `${co.name} created as a draft: send it to the customer, then record their approval.`}
      form={(props) => <ChangeOrderForm {...props} order={order.data} />}
    />
  );
}

/** Change orders: how a confirmed order changes, approved by its customer before it does. */
export default {
  ...recordPages<ChangeOrder, ChangeOrderInput, ChangeOrderRow>({
    resource: changeOrders,
    form: (props) => <ChangeOrderForm {...props} />,
    description: 'How confirmed orders change: each one approved by the customer before the order takes it.',
    useList: useChangeOrderList,
    subtitle: (co) =>
      `${co.customer.name} · ${CHANGE_ORDER_STATUS_LABELS[co.status]} · ${formatMoney(co.previousTotalCents)} → ${formatMoney(co.totalCents)}`,
    actions: (co) => <ChangeOrderActions co={co} />,
    details: { above: (co) => <Summary co={co} /> },
    deleteText: 'Deleting removes the change order for good; the order stays as it is.',
    deletable: (co) => co.status === 'draft' || co.status === 'sent',
  }),
  New: ChangeOrderNewPage,
};
