import { type Invoice, invoiceVoidSchema, KINDS, OPEN_INVOICE_STATUSES, P } from '@atelier/contracts';
import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { Suspense, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { lazyNamed } from '../../../components/lazy';
import { formatMoney } from '../../../lib/format';
import { showSubmitError, useCheckedSubmit } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { invoices, useInvoiceStep, useSendInvoice } from '../api';

const RecordPaymentModal = lazyNamed(() => import('./record-payment-modal'), 'RecordPaymentModal');
const ApplyCreditModal = lazyNamed(() => import('./apply-credit-modal'), 'ApplyCreditModal');

const isOpen = (status: Invoice['status']) => (OPEN_INVOICE_STATUSES as readonly string[]).includes(status);

/** Void, with why; while money is on the invoice, what to do first instead. */
function VoidModal({ invoice, onClose, currency }: { invoice: Invoice; onClose: () => void; currency?: string }) {
  const step = useInvoiceStep(invoice);
  const [reason, setReason] = useState('');
  const applied = invoice.paidCents + invoice.creditedCents;
  const { errors, submit } = useCheckedSubmit(
    invoiceVoidSchema,
    (body) => step.mutateAsync({ name: 'void', reason: body.reason }),
    () => {
      toastSuccess(`${invoice.number} is void.`);
      onClose();
    },
  );
  return (
    <Modal opened onClose={onClose} title={`Void ${invoice.number}?`}>
      {applied > 0 ? (
        <Stack>
          <Text size="sm">
            {formatMoney(applied, currency)} of payments and credits is applied to {invoice.number}. Unapply its
            payments first (under Payments and credits below), then void it.
          </Text>
          <Button variant="default" onClick={onClose} style={{ alignSelf: 'flex-end' }}>
            Close
          </Button>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit({ reason });
          }}
        >
          <Stack>
            <Text size="sm">
              A void invoice keeps its number and is owed no more. It cannot be issued again: make a new one instead.
            </Text>
            <Textarea
              label="Why"
              required
              autosize
              minRows={2}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={errors.reason}
            />
            <DialogActions onCancel={onClose} confirm="Void the invoice" color="red" loading={step.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/**
 * What the invoice's state allows: its PDF, emailing it, issuing a draft by hand, recording a
 * payment or applying credit while it is owed, and voiding it.
 */
export function InvoiceActions({ invoice, currency }: { invoice: Invoice; currency?: string }) {
  const { can } = useCan();
  const step = useInvoiceStep(invoice);
  const send = useSendInvoice(invoice);
  const [open, setOpen] = useState<'pay' | 'credit' | 'void' | null>(null);
  if (!can(invoices.kind.codes.modify)) return null;
  const owed = isOpen(invoice.status) && invoice.balanceCents > 0;
  const close = () => setOpen(null);
  return (
    <>
      <Button component="a" variant="default" href={`/api/v1${invoices.path(invoice._id)}/pdf`} target="_blank">
        PDF
      </Button>
      {can(P.SEND_INVOICES) && invoice.status !== 'void' && (
        <Button
          variant="default"
          loading={send.isPending}
          onClick={async () => {
            try {
              await send.mutateAsync(undefined);
              toastSuccess(`${invoice.number} emailed to ${invoice.customer.name}.`);
            } catch (error) {
              showSubmitError(error);
            }
          }}
        >
          {invoice.sentAt ? 'Email again' : 'Email to customer'}
        </Button>
      )}
      {invoice.status === 'draft' && (
        <Button
          variant="default"
          loading={step.isPending}
          onClick={async () => {
            try {
              await step.mutateAsync({ name: 'mark-sent' });
              toastSuccess(`${invoice.number} marked as sent: it is owed from now.`);
            } catch (error) {
              showSubmitError(error);
            }
          }}
        >
          Mark as sent
        </Button>
      )}
      {owed && can(KINDS.payment.codes.modify) && <Button onClick={() => setOpen('pay')}>Record payment</Button>}
      {owed && (can(KINDS.credit_memo.codes.modify) || can(KINDS.payment.codes.modify)) && (
        <Button variant="default" onClick={() => setOpen('credit')}>
          Apply credit
        </Button>
      )}
      {invoice.status !== 'void' && (
        <Button variant="default" color="red" onClick={() => setOpen('void')}>
          Void
        </Button>
      )}
      {/* The dialogs' code arrives on first opening; the page stays as it is meanwhile. */}
      <Suspense fallback={null}>
        {open === 'pay' && <RecordPaymentModal invoice={invoice} onClose={close} currency={currency} />}
        {open === 'credit' && <ApplyCreditModal invoice={invoice} onClose={close} currency={currency} />}
      </Suspense>
      {open === 'void' && <VoidModal invoice={invoice} onClose={close} currency={currency} />}
    </>
  );
}
