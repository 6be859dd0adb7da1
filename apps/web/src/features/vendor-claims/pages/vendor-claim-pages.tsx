import {
  VENDOR_CLAIM_STATUS_LABELS,
  type VendorClaim,
  type VendorClaimInput,
  type VendorClaimRow,
} from '@atelier/contracts';
import { Button } from '@mantine/core';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatQuantity } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useSettings } from '../../settings/api';
import { vendorClaims } from '../api';
import { ClaimStatusBadge } from '../components/claim-status';
import { ClaimSummary } from '../components/claim-summary';

const VendorClaimForm = lazyNamed(() => import('../components/vendor-claim-form'), 'VendorClaimForm');
const CreditModal = lazyNamed(() => import('../components/claim-step-modals'), 'CreditModal');
const ReplaceModal = lazyNamed(() => import('../components/claim-step-modals'), 'ReplaceModal');
const RejectClaimModal = lazyNamed(() => import('../components/claim-step-modals'), 'RejectClaimModal');

const useCurrency = () => useSettings().data?.firmSettings.currency;

function useClaimList() {
  return {
    defaultSort: '-number',
    render: { status: (row: VendorClaimRow) => <ClaimStatusBadge status={row.status} /> },
  };
}

/** While the claim is open: the vendor's answer, one of three. */
function ClaimActions({ claim }: { claim: VendorClaim }) {
  const { can } = useCan();
  const currency = useCurrency();
  const [open, setOpen] = useState<'credit' | 'replace' | 'reject' | null>(null);
  const close = () => setOpen(null);
  if (!can(vendorClaims.kind.codes.modify) || claim.status !== 'open') return null;
  return (
    <>
      <Button onClick={() => setOpen('credit')}>Credited</Button>
      <Button variant="default" onClick={() => setOpen('replace')}>
        Replaced
      </Button>
      <Button variant="default" color="red" onClick={() => setOpen('reject')}>
        Rejected
      </Button>
      {/* The dialogs' code arrives on first opening; the page stays as it is meanwhile. */}
      <Suspense fallback={null}>
        {open === 'credit' && <CreditModal claim={claim} currency={currency} onClose={close} />}
        {open === 'replace' && <ReplaceModal claim={claim} onClose={close} />}
        {open === 'reject' && <RejectClaimModal claim={claim} onClose={close} />}
      </Suspense>
    </>
  );
}

function Summary({ claim }: { claim: VendorClaim }) {
  return <ClaimSummary claim={claim} currency={useCurrency()} />;
}

/** Vendor claims: received items that came damaged or wrong, claimed back from their vendor. */
const pages = recordPages<VendorClaim, VendorClaimInput, VendorClaimRow>({
  resource: vendorClaims,
  form: (props) => <VendorClaimForm {...props} />,
  description:
    'Damaged or wrong items claimed back from the vendor that sold them: credited, replaced, or refused. Opened from a return or a purchase order.',
  useList: useClaimList,
  newDescription: 'An item received damaged or wrong, claimed from its vendor: pick the purchase order and its line.',
  created: (c) =>
    `${c.name} opened with ${c.vendor.name}: ${formatQuantity(c.quantity)} × ${c.item || c.purchaseOrder.name}.`,
  subtitle: (c) =>
    [
      c.vendor.name,
      VENDOR_CLAIM_STATUS_LABELS[c.status],
      `${formatQuantity(c.quantity)} × ${c.item || c.purchaseOrder.name}`,
    ].join(' · '),
  actions: (c) => <ClaimActions claim={c} />,
  details: { above: (c) => <Summary claim={c} /> },
  deleteText: 'Deleting removes the open claim for good. Once the vendor answered, it stays on record.',
  deletable: (c) => c.status === 'open',
});

export default pages;
