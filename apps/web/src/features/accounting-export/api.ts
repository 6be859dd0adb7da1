import {
  type AccountingExport,
  type AccountingExportDetail,
  type AccountingExportInput,
  type AccountingExportPage,
  type AccountingMapping,
  type AccountingMappingInput,
  P,
} from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useCan } from '../../lib/permissions';

/** Query keys of the accounting export: the mapping, the log (all or a vendor's), one run. */
export const accountingKeys = {
  all: ['accounting'] as const,
  mapping: () => [...accountingKeys.all, 'mapping'] as const,
  exports: (vendor?: string) => [...accountingKeys.all, 'exports', vendor ?? 'all'] as const,
  export: (id: string) => [...accountingKeys.all, 'export', id] as const,
};

/** Where a run's file downloads from (the browser sends the session cookie). */
export const exportFileUrl = (id: string) => `/api/v1/accounting/exports/${id}/file`;

/** The ledger accounts of each role: read with 104 or 159. */
export function useAccountingMapping() {
  const { can } = useCan();
  return useQuery({
    queryKey: accountingKeys.mapping(),
    queryFn: () => api<AccountingMapping>('GET', '/accounting/mapping'),
    enabled: can(P.MODIFY_INTEGRATIONS) || can(P.ACCESS_ACCOUNTING_SOFTWARE),
  });
}

export function useSaveMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountingMappingInput) => api<AccountingMapping>('PUT', '/accounting/mapping', input),
    onSuccess: (mapping) => {
      queryClient.setQueryData(accountingKeys.mapping(), mapping);
      // The accounting software chosen is a firm setting too.
      void queryClient.invalidateQueries({ queryKey: ['settings'] });
    },
  });
}

/** The sync log, newest first; `vendor`: the runs that sent that vendor's documents. */
export function useExports(vendor?: string) {
  const { can } = useCan();
  return useQuery({
    queryKey: accountingKeys.exports(vendor),
    queryFn: () => api<AccountingExportPage>('GET', '/accounting/exports', undefined, { vendor, limit: 50 }),
    enabled: can(P.ACCESS_ACCOUNTING_SOFTWARE),
  });
}

export function useExportDetail(id: string | null) {
  return useQuery({
    queryKey: accountingKeys.export(id ?? ''),
    queryFn: () => api<AccountingExportDetail>('GET', `/accounting/exports/${id}`),
    enabled: id !== null,
  });
}

export function useRunExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountingExportInput) => api<AccountingExport>('POST', '/accounting/export', input),
    // A refused export is logged too: the log is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...accountingKeys.all, 'exports'] }),
  });
}

/** Forget what was sent (105): the next export sends every document again. */
export function useForgetSynced() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ forgotten: number }>('DELETE', '/accounting/synced'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingKeys.all }),
  });
}
