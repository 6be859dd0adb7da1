import {
  type ApplyInput,
  type CreditMemo,
  type CreditMemoInput,
  KINDS,
  type Payment,
  type PaymentValues,
} from '@atelier/contracts';
import { useMovingMoney } from '../../components/money/open-invoices';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const creditMemos = recordResource<CreditMemo, CreditMemoInput>(KINDS.credit_memo);

/** More of what the credit memo has left put on the customer's invoices. */
export function useApplyCreditMemo(id: string) {
  return useMovingMoney(
    creditMemos.useMutationOf(id, (input: ApplyInput) =>
      api<CreditMemo>('POST', `${creditMemos.path(id)}/apply`, input),
    ),
  );
}

/** The credit taken off one invoice: it owes it again, and the credit memo has it to use again. */
export function useUnapplyCreditMemo(id: string) {
  return useMovingMoney(
    creditMemos.useMutationOf(id, (invoice: string) =>
      api<CreditMemo>('POST', `${creditMemos.path(id)}/unapply`, { invoice }),
    ),
  );
}

/** Void: the credit no longer holds (refused while any of it is used). */
export function useVoidCreditMemo(id: string) {
  return creditMemos.useMutationOf(id, (reason: string) =>
    api<CreditMemo>('POST', `${creditMemos.path(id)}/void`, { reason }),
  );
}

/**
 * Money paid back to the customer against the credit memo: a refund payment, sent with the key
 * of the dialog it was entered in, so a repeat pays back once.
 */
export function useRefund(id: string) {
  return useMovingMoney(
    creditMemos.useMutationOf(id, ({ input, key }: { input: PaymentValues; key: string }) =>
      api<Payment>('POST', KINDS.payment.apiPath, input, undefined, { idempotencyKey: key }),
    ),
  );
}
