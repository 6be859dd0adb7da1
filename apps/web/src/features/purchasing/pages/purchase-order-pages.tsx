import {
  P,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrder,
  type PurchaseOrderInput,
  type PurchaseOrderLine,
  type PurchaseOrderRow,
} from '@atelier/contracts';
import { Badge, Button } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSettings } from '../../settings/api';
import {
  ClaimLineButton,
  PurchaseOrderClaimModal,
  PurchaseOrderClaimsCard,
} from '../../vendor-claims/components/purchase-order-claims';
import { purchaseOrders, useOrderStep, useSendOrder } from '../api';
import { OrderSummary, STATUS_COLORS } from '../components/order-summary';

const PurchaseOrderForm = lazyNamed(() => import('../components/purchase-order-form'), 'PurchaseOrderForm');
const ReceiveModal = lazyNamed(() => import('../components/receive-modal'), 'ReceiveModal');

function useOrderList() {
  return {
    currency: useSettings().data?.firmSettings.currency,
    // The newest first, by number.
    defaultSort: '-number',
    render: {
      status: (row: PurchaseOrderRow) => (
        <Badge color={STATUS_COLORS[row.status]} variant="light">
          {PURCHASE_ORDER_STATUS_LABELS[row.status]}
        </Badge>
      ),
    },
  };
}

/** The steps an order's state allows: mark as sent (ordered by phone), receive, cancel what is open. */
function OrderActions({ order }: { order: PurchaseOrder }) {
  const { can } = useCan();
  const step = useOrderStep(order._id);
  const send = useSendOrder(order._id);
  const [receiving, setReceiving] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  if (!can(purchaseOrders.kind.codes.modify)) return null;
  const open = order.status === 'sent' || order.status === 'partially_received';
  const sendable = order.status === 'draft' || open;
  return (
    <>
      <Button component="a" variant="default" href={`/api/v1${purchaseOrders.path(order._id)}/pdf`} target="_blank">
        PDF
      </Button>
      {sendable && can(P.SEND_PURCHASE_ORDERS) && (
        <Button
          variant={order.status === 'draft' ? 'filled' : 'default'}
          loading={send.isPending}
          onClick={async () => {
            try {
              await send.mutateAsync(undefined);
              toastSuccess(
                `${order.number} ${order.revision > 1 ? 'sent as revised' : 'sent'} to ${order.vendor.name}.`,
              );
            } catch (error) {
              showSubmitError(error);
            }
          }}
        >
          {order.status === 'draft' ? 'Send to vendor' : 'Send again'}
        </Button>
      )}
      {order.status === 'draft' && (
        <Button
          variant="default"
          loading={step.isPending}
          onClick={async () => {
            await step.mutateAsync('mark-sent');
            toastSuccess(`${order.number} marked as sent.`);
          }}
        >
          Mark as sent
        </Button>
      )}
      {open && <Button onClick={() => setReceiving(true)}>Receive</Button>}
      {(order.status === 'draft' || open) && (
        <Button variant="default" color="red" onClick={() => setCancelling(true)}>
          Cancel order
        </Button>
      )}
      <ConfirmDialog
        opened={cancelling}
        title={`Cancel ${order.number}?`}
        text={
          open
            ? 'What has arrived stays received; nothing more is expected on this order.'
            : 'The order will not be sent.'
        }
        confirm="Cancel the order"
        color="red"
        done={`${order.number} cancelled.`}
        run={() => step.mutateAsync('cancel')}
        loading={step.isPending}
        onClose={() => setCancelling(false)}
      />
      {receiving && <ReceiveModal order={order} opened onClose={() => setReceiving(false)} />}
    </>
  );
}

/** The order's lines (each received one may be claimed from the vendor), then its vendor claims. */
function Above({ order }: { order: PurchaseOrder }) {
  const [claiming, setClaiming] = useState<PurchaseOrderLine | null>(null);
  return (
    <>
      <OrderSummary
        order={order}
        lineAction={
          order.status === 'draft' ? undefined : (l) => <ClaimLineButton line={l} onClick={() => setClaiming(l)} />
        }
      />
      <PurchaseOrderClaimsCard order={order} />
      {claiming && <PurchaseOrderClaimModal order={order} line={claiming} onClose={() => setClaiming(null)} />}
    </>
  );
}

/** Purchase orders: what the firm buys from its vendors, and what has arrived of it. */
export default recordPages<PurchaseOrder, PurchaseOrderInput, PurchaseOrderRow>({
  resource: purchaseOrders,
  form: (props) => <PurchaseOrderForm {...props} />,
  description: 'What you order from your vendors, what has arrived of it, and what it cost landed.',
  useList: useOrderList,
  created: (po) => `${po.number} created as a draft.`,
  subtitle: (po) => `${po.vendor.name} · ${PURCHASE_ORDER_STATUS_LABELS[po.status]} · ${formatMoney(po.totalCents)}`,
  actions: (po) => <OrderActions order={po} />,
  details: { above: (po) => <Above order={po} /> },
  tabs: {
    receipts: () => import('./purchase-order-receipts-tab'),
    bills: () => import('../../vendor-bills/pages/purchase-order-bills-tab'),
  },
  deleteText: 'Deleting removes the draft for good. An order that was sent is cancelled instead.',
  deletable: (po) => po.status === 'draft',
});
