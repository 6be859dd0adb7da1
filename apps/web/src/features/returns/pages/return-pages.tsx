import {
  P,
  RETURN_STATUS_LABELS,
  type Return,
  type ReturnInput,
  type ReturnLine,
  type ReturnRow,
} from '@atelier/contracts';
import { Button, Text } from '@mantine/core';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatMoney, formatQuantity } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useSettings } from '../../settings/api';
import { returns, useResolutions } from '../api';
import { ReturnStatusBadge } from '../components/return-status';
import { ClaimLineButton, ReturnSummary } from '../components/return-summary';

const ReturnForm = lazyNamed(() => import('../components/return-form'), 'ReturnForm');
const ApproveModal = lazyNamed(() => import('../components/return-step-modals'), 'ApproveModal');
const RejectModal = lazyNamed(() => import('../components/return-step-modals'), 'RejectModal');
const ReceiveModal = lazyNamed(() => import('../components/return-step-modals'), 'ReceiveModal');
const ResolveModal = lazyNamed(() => import('../components/return-step-modals'), 'ResolveModal');
const ClaimModal = lazyNamed(() => import('../../vendor-claims/components/claim-modal'), 'ClaimModal');

const useCurrency = () => useSettings().data?.firmSettings.currency;

function useReturnList() {
  return {
    currency: useCurrency(),
    // The newest first, by number.
    defaultSort: '-number',
    render: { status: (row: ReturnRow) => <ReturnStatusBadge status={row.status} /> },
  };
}

type Step = 'approve' | 'reject' | 'receive' | 'resolve';

/**
 * The steps the return's state allows: approve or reject a requested one, receive (or still
 * reject) an approved one, settle a received one by a credit memo or a refund, as this person's
 * codes allow.
 */
function ReturnActions({ ret }: { ret: Return }) {
  const { can } = useCan();
  const currency = useCurrency();
  const resolutions = useResolutions();
  const [open, setOpen] = useState<Step | null>(null);
  const close = () => setOpen(null);
  if (!can(returns.kind.codes.modify)) return null;
  return (
    <>
      {ret.status === 'requested' && <Button onClick={() => setOpen('approve')}>Approve</Button>}
      {ret.status === 'approved' && <Button onClick={() => setOpen('receive')}>Receive</Button>}
      {ret.status === 'received' &&
        (resolutions.length > 0 ? (
          <Button onClick={() => setOpen('resolve')}>Settle</Button>
        ) : (
          <Text size="sm" c="dimmed">
            Settling needs the credit memo permission (67).
          </Text>
        ))}
      {(ret.status === 'requested' || ret.status === 'approved') && (
        <Button variant="default" color="red" onClick={() => setOpen('reject')}>
          Reject
        </Button>
      )}
      {/* The dialogs' code arrives on first opening; the page stays as it is meanwhile. */}
      <Suspense fallback={null}>
        {open === 'approve' && <ApproveModal ret={ret} currency={currency} onClose={close} />}
        {open === 'reject' && <RejectModal ret={ret} currency={currency} onClose={close} />}
        {open === 'receive' && <ReceiveModal ret={ret} currency={currency} onClose={close} />}
        {open === 'resolve' && <ResolveModal ret={ret} currency={currency} onClose={close} />}
      </Suspense>
    </>
  );
}

/** The return, its lines, and on each line not yet claimed, "Claim from vendor" for buyers (57). */
function Summary({ ret }: { ret: Return }) {
  const { can } = useCan();
  const currency = useCurrency();
  const [claiming, setClaiming] = useState<ReturnLine | null>(null);
  const mayClaim = can(P.MODIFY_PURCHASE_ORDERS) && ret.status !== 'rejected';
  return (
    <>
      <ReturnSummary
        ret={ret}
        currency={currency}
        lineAction={mayClaim ? (l) => !l.claimed && <ClaimLineButton onClick={() => setClaiming(l)} /> : undefined}
      />
      <Suspense fallback={null}>
        {claiming && (
          <ClaimModal
            start={{
              returnLine: claiming._id,
              quantity: claiming.quantity,
              reason:
                claiming.reason === 'wrong_item'
                  ? 'wrong_item'
                  : claiming.condition === 'defective'
                    ? 'defective'
                    : 'damaged',
              notes: claiming.note,
            }}
            sku={claiming.sku || undefined}
            item={{ name: claiming.name, quantity: claiming.quantity }}
            context={
              <Text size="sm" mb="md">
                {formatQuantity(claiming.quantity)} × {claiming.name} came back on {ret.name}. Pick the purchase order
                it was bought on and its line: the vendor credits it or sends a replacement.
              </Text>
            }
            refresh={returns.path(ret._id)}
            onClose={() => setClaiming(null)}
          />
        )}
      </Suspense>
    </>
  );
}

/** Returns: what customers bring back of a delivered order, and how it is settled. */
const pages = recordPages<Return, ReturnInput, ReturnRow>({
  resource: returns,
  form: (props) => <ReturnForm {...props} />,
  description:
    'What customers bring back of their delivered orders: approved, received back into stock, and settled by a credit memo or a refund.',
  useList: useReturnList,
  newDescription: 'Items of a delivered order coming back: choose the order, then what comes back and why.',
  created: (r) => `${r.name} requested: ${formatMoney(r.creditCents)} to credit ${r.customer.name} once approved.`,
  subtitle: (r) => `${r.customer.name} · ${RETURN_STATUS_LABELS[r.status]} · ${formatMoney(r.creditCents)} credit`,
  actions: (r) => <ReturnActions ret={r} />,
  details: { above: (r) => <Summary ret={r} /> },
  deleteText: 'Deleting removes the requested return for good. Once approved, it is rejected instead.',
  deletable: (r) => r.status === 'requested',
});

export default pages;
