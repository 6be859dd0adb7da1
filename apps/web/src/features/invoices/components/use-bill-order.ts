import { type InvoiceInput, KINDS, recordHref } from '@atelier/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useBillOrder } from '../api';

/**
 * Makes an invoice of the order and opens it; a refusal shows the server's message in the toast
 * and its per-field messages where the dialog puts them.
 */
export function useBill(orderId: string, currency?: string) {
  const bill = useBillOrder(orderId);
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = async (input: Omit<InvoiceInput, 'order'>) => {
    setErrors({});
    try {
      const made = await bill.mutateAsync({ ...input, order: orderId });
      toastSuccess(
        `${made.number} created as a draft for ${formatMoney(made.totalCents, currency)}: send it, or mark it sent.`,
      );
      navigate(recordHref(KINDS.invoice, made._id));
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      showSubmitError(error);
    }
  };
  return { run, errors, pending: bill.isPending };
}
