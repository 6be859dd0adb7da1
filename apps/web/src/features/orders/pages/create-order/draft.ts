import { KINDS, type Order, type OrderValues, orderInputSchema } from '@atelier/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useRecordForm } from '../../../../components/form/record-form';
import { api } from '../../../../lib/api';
import { orders } from '../../api';
import { orderValues } from '../../components/order-form';

/** The wizard's steps, in order, as the spec names their routes. */
export const STEPS = ['customer', 'products', 'details', 'billing'] as const;
export type Step = (typeof STEPS)[number];
export const STEP_LABELS: Record<Step, string> = {
  customer: 'Customer',
  products: 'Products',
  details: 'Details',
  billing: 'Billing',
};
export const WIZARD = '/o/create-order';

/** A step's address, keeping the draft it works on. */
export const stepHref = (step: Step, order: string | undefined) => `${WIZARD}/${step}${order ? `?order=${order}` : ''}`;

/**
 * The draft order the wizard fills in: saved on the server at every step (so a reload keeps it),
 * named in the address (`?order=`).
 */
export function useDraft() {
  const [params] = useSearchParams();
  const id = params.get('order') ?? '';
  const query = orders.useRecord(id);
  return {
    id: id || undefined,
    order: id ? query.data : undefined,
    loading: Boolean(id) && query.isLoading,
    error: query.error,
  };
}

/**
 * A step's form over the whole draft: Next and Back both save what was typed (going back keeps
 * everything), then go to their step.
 */
export function useStepForm(order: Order) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const going = useRef<string | null>(null);
  const { form, submit, stale } = useRecordForm<OrderValues>({
    schema: orderInputSchema,
    values: orderValues(order),
    onSubmit: async (values) => {
      const saved = await api<Order>('PUT', orders.path(order._id), { ...values, version: order.version });
      queryClient.setQueryData(orders.detailsKey(order._id), saved);
      await queryClient.invalidateQueries({ queryKey: ['list', KINDS.order.apiPath] });
      if (going.current) navigate(going.current);
    },
    reload: async () => orderValues(await api<Order>('GET', orders.path(order._id))),
  });
  /** Saves, then goes to `href` (nowhere: stays). */
  const saveAndGo = (href: string | null) => {
    going.current = href;
    return submit();
  };
  return { form, saveAndGo, stale };
}
