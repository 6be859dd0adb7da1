import {
  type AuditEntryView,
  KINDS,
  type ListPage,
  type RecurringInvoice,
  type RecurringInvoiceInput,
} from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const recurringInvoices = recordResource<RecurringInvoice, RecurringInvoiceInput>(KINDS.recurring_invoice);

/** Pause (no invoice is made until it resumes) or resume an active plan. */
export function usePlanStep(id: string) {
  return recurringInvoices.useMutationOf(id, (step: 'pause' | 'resume') =>
    api<RecurringInvoice>('POST', `${recurringInvoices.path(id)}/${step}`),
  );
}

/**
 * Why the plan's last run made no invoice, when it could not bill (its customer archived, an
 * item gone…): the job notes it in the plan's history and moves on to the next day.
 */
export function useFailedRun(plan: RecurringInvoice) {
  const path = recurringInvoices.path(plan._id);
  const { lastRunOn } = plan;
  return useQuery({
    queryKey: [...recordKeys.all(path), 'failed-run', lastRunOn],
    queryFn: async () => {
      const logs = await api<ListPage<AuditEntryView>>('GET', `${path}/logs`, undefined, { limit: 25 });
      const failed = logs.items.find((e) => e.action === 'run failed' && e.changes.day?.after === lastRunOn);
      return failed ? String(failed.changes.reason?.after ?? '') : null;
    },
    enabled: lastRunOn !== null,
  });
}
