import {
  CREATE_ORDER_HREF,
  KINDS,
  ORDER_STATUS_LABELS,
  type Order,
  type OrderInput,
  type OrderRow,
} from '@atelier/contracts';
import { Badge, Button, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { OrderBillingCard } from '../../invoices/components/order-billing-card';
import { OrderReturnsCard, ReturnItemsButton } from '../../returns/components/order-returns';
import { useSettings } from '../../settings/api';
import { orders, useOrderStep, useSendOrder } from '../api';
import { ORDER_STATUS_COLORS, OrderSummary } from '../components/order-summary';
import { SpecialOrdersCard } from '../components/special-orders-card';

const OrderForm = lazyNamed(() => import('../components/order-form'), 'OrderForm');
const FulfilModal = lazyNamed(() => import('../components/fulfil-modal'), 'FulfilModal');

function useOrderList() {
  return {
    currency: useSettings().data?.firmSettings.currency,
    // The newest first, by number (spec section 2).
    defaultSort: '-number',
    // A new order is made with the create-order wizard.
    createHref: CREATE_ORDER_HREF,
    render: {
      status: (row: OrderRow) => (
        <Badge color={ORDER_STATUS_COLORS[row.status]} variant="light">
          {ORDER_STATUS_LABELS[row.status]}
        </Badge>
      ),
    },
  };
}

/** The steps an order's state allows: confirm a draft, hand over a confirmed one, close or cancel. */
function OrderActions({ order }: { order: Order }) {
  const { can } = useCan();
  const step = useOrderStep(order._id);
  const send = useSendOrder(order._id);
  const [handing, setHanding] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  if (!can(orders.kind.codes.modify)) return null;
  const run = async (name: 'confirm' | 'close', done: string) => {
    try {
      await step.mutateAsync({ name });
      toastSuccess(done);
    } catch (error) {
      showSubmitError(error);
    }
  };
  return (
    <>
      <Button component="a" variant="default" href={`/api/v1${orders.path(order._id)}/pdf`} target="_blank">
        PDF
      </Button>
      {order.status !== 'cancelled' && (
        <Button
          variant="default"
          loading={send.isPending}
          onClick={async () => {
            try {
              await send.mutateAsync(undefined);
              toastSuccess(`${order.number} emailed to ${order.customer.name}.`);
            } catch (error) {
              showSubmitError(error);
            }
          }}
        >
          Email to customer
        </Button>
      )}
      {order.status === 'draft' && (
        <Button
          loading={step.isPending}
          onClick={() => run('confirm', `${order.number} confirmed: its stock is held.`)}
          disabled={order.lines.length === 0}
        >
          Confirm order
        </Button>
      )}
      {order.status === 'confirmed' && <Button onClick={() => setHanding(true)}>Hand over</Button>}
      {order.status === 'fulfilled' && (
        <Button variant="default" loading={step.isPending} onClick={() => run('close', `${order.number} closed.`)}>
          Close order
        </Button>
      )}
      {(order.status === 'draft' || order.status === 'confirmed') && (
        <Button variant="default" color="red" onClick={() => setCancelling(true)}>
          Cancel order
        </Button>
      )}
      <ConfirmDialog
        opened={cancelling}
        title={`Cancel ${order.number}?`}
        text={
          <>
            {order.status === 'confirmed'
              ? 'The stock it holds becomes available again and its coupon use is given back. What was handed over stays delivered.'
              : 'The draft is kept as cancelled.'}
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
        confirm="Cancel the order"
        color="red"
        done={`${order.number} cancelled.`}
        run={() => step.mutateAsync({ name: 'cancel', reason })}
        loading={step.isPending}
        onClose={() => setCancelling(false)}
      />
      {handing && <FulfilModal order={order} opened onClose={() => setHanding(false)} />}
    </>
  );
}

function Summary({ order }: { order: Order }) {
  const currency = useSettings().data?.firmSettings.currency;
  return (
    <>
      <OrderSummary order={order} currency={currency} />
      <OrderBillingCard order={order} currency={currency} />
      <OrderReturnsCard order={order} currency={currency} />
    </>
  );
}

/** Orders: what the firm sells, held in stock when confirmed and handed over when fulfilled. */
const pages = recordPages<Order, OrderInput, OrderRow>({
  resource: orders,
  form: (props) => <OrderForm {...props} />,
  description: 'What your customers buy: confirmed orders hold their stock until it is handed over.',
  useList: useOrderList,
  created: (o) => `${o.number} created as a draft.`,
  subtitle: (o) => `${o.customer.name} · ${ORDER_STATUS_LABELS[o.status]} · ${formatMoney(o.totalCents)}`,
  actions: (o) => (
    <>
      <OrderActions order={o} />
      <ReturnItemsButton order={o} />
    </>
  ),
  details: {
    above: (o) => (
      <>
        <Summary order={o} />
        <SpecialOrdersCard order={o} />
      </>
    ),
    links: (o) =>
      o.customerJob ? (
        <Link to={`${KINDS.customer_job.webPath}/${o.customerJob._id}`}>Job: {o.customerJob.name}</Link>
      ) : undefined,
  },
  tabs: { 'change-orders': () => import('./order-change-orders-tab') },
  deleteText: 'Deleting removes the draft for good. A confirmed order is cancelled instead.',
  deletable: (o) => o.status === 'draft',
});

export default pages;
