import { P, type VendorBill } from '@atelier/contracts';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { lazyNamed } from '../../../components/lazy';
import { formatDate, formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useBillStep, useVoidBill, vendorBills } from '../api';
import { VoidModal } from './void-modal';

const PayBillModal = lazyNamed(() => import('./pay-bill-modal'), 'PayBillModal');
const ApplyCreditModal = lazyNamed(() => import('./apply-credit-modal'), 'ApplyCreditModal');

/**
 * The steps a bill's state allows: enter a draft that matches (or approve one that differs, with
 * the purchase-order settings code), pay what is owed or apply the vendor's credit to it, void it.
 */
export function BillActions({ bill, currency }: { bill: VendorBill; currency?: string }) {
  const { can } = useCan();
  const step = useBillStep(bill._id);
  const voiding = useVoidBill(bill._id);
  const [open, setOpen] = useState<'pay' | 'credit' | 'void' | null>(null);
  const close = () => setOpen(null);
  if (!can(vendorBills.kind.codes.modify)) return null;
  const owed = (bill.status === 'open' || bill.status === 'partially_paid') && bill.balanceCents > 0;
  const run = async (name: 'enter' | 'approve') => {
    try {
      const after = await step.mutateAsync(name);
      toastSuccess(
        `${after.name} ${name === 'approve' ? 'approved' : 'entered'}: ${formatMoney(after.balanceCents, currency)} owed by ${formatDate(after.dueDate)}.`,
      );
    } catch (error) {
      showSubmitError(error);
    }
  };
  const used = bill.paidCents + bill.creditedCents;
  return (
    <>
      {bill.status === 'draft' && !bill.needsApproval && (
        <Button loading={step.isPending} onClick={() => run('enter')}>
          Enter bill
        </Button>
      )}
      {bill.status === 'draft' && bill.needsApproval && can(P.PURCHASE_ORDER_SETTINGS) && (
        <Button color="orange" loading={step.isPending} onClick={() => run('approve')}>
          Approve
        </Button>
      )}
      {owed && <Button onClick={() => setOpen('pay')}>Record payment</Button>}
      {owed && (
        <Button variant="default" onClick={() => setOpen('credit')}>
          Apply credit
        </Button>
      )}
      {bill.status !== 'void' && (
        <Button variant="default" color="red" onClick={() => setOpen('void')}>
          Void
        </Button>
      )}
      {open === 'pay' && <PayBillModal bill={bill} currency={currency} onClose={close} />}
      {open === 'credit' && <ApplyCreditModal bill={bill} currency={currency} onClose={close} />}
      {open === 'void' && (
        <VoidModal
          name={bill.name}
          inUse={used > 0}
          text={
            used > 0
              ? `${formatMoney(used, currency)} is paid or credited on ${bill.name}: take the payments and credits off it (Unapply, below), then void it.`
              : `Nothing is owed on ${bill.name} any more. It stays on record as void, and what it billed of the orders may be billed again.`
          }
          confirm="Void bill"
          run={(reason) => voiding.mutateAsync(reason)}
          loading={voiding.isPending}
          onClose={close}
        />
      )}
    </>
  );
}
