import { type ApplyInput, KINDS, type Payment, type PaymentInput } from '@atelier/contracts';
import { useMovingMoney } from '../../components/money/open-invoices';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

const resource = recordResource<Payment, PaymentInput>(KINDS.payment);

/**
 * Payments: saving one rewrites where its money goes and deleting one takes it off its invoices,
 * so both refresh the invoices too.
 */
export const payments: typeof resource = {
  ...resource,
  useUpdate: (id) => useMovingMoney(resource.useUpdate(id)),
  useDelete: (id) => useMovingMoney(resource.useDelete(id)),
};

/** More of what the payment has left put on invoices. */
export function useApplyPayment(id: string) {
  return useMovingMoney(
    payments.useMutationOf(id, (input: ApplyInput) => api<Payment>('POST', `${payments.path(id)}/apply`, input)),
  );
}

/** The payment's money taken off one invoice: it owes it again, and it is the customer's credit again. */
export function useUnapplyPayment(id: string) {
  return useMovingMoney(
    payments.useMutationOf(id, (invoice: string) => api<Payment>('POST', `${payments.path(id)}/unapply`, { invoice })),
  );
}
