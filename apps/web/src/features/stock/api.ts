import type {
  ItemStock,
  StockAdjustmentInput,
  StockCheck,
  StockCount,
  StockCountRow,
  StockItemType,
  StockMovementPage,
  StockTransfer,
  StockTransferInput,
  StockValue,
} from '@atelier/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Whose stock: a product (all its variants) or a raw material. */
export type StockOwner = { type: 'product' | 'material'; id: string };

const base = (o: StockOwner) => `/stock/${o.type}s/${o.id}`;
export const stockKeys = {
  all: ['stock'] as const,
  owner: (o: StockOwner) => ['stock', o.type, o.id] as const,
  transfers: ['stock', 'transfers', 'in_transit'] as const,
};

export function useItemStock(owner: StockOwner) {
  return useQuery({ queryKey: stockKeys.owner(owner), queryFn: () => api<ItemStock>('GET', base(owner)) });
}

export const MOVEMENTS_PER_PAGE = 25;

export function useMovements(owner: StockOwner, page: number) {
  return useQuery({
    queryKey: [...stockKeys.owner(owner), 'movements', page],
    queryFn: () =>
      api<StockMovementPage>('GET', `${base(owner)}/movements`, undefined, {
        limit: MOVEMENTS_PER_PAGE,
        offset: (page - 1) * MOVEMENTS_PER_PAGE,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Transfers on the road (the stock tab offers to receive those carrying its items). */
export function useTransfersInTransit() {
  return useQuery({
    queryKey: stockKeys.transfers,
    queryFn: () => api<StockTransfer[]>('GET', '/stock/transfers', undefined, { status: 'in_transit' }),
  });
}

/** After any movement every stock view may have changed: they are refetched. */
function useStockMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}

export const useAdjustStock = () =>
  useStockMutation((input: StockAdjustmentInput) => api<ItemStock>('POST', '/stock/adjustments', input));

export const useTransferStock = () =>
  useStockMutation((input: StockTransferInput) => api<StockTransfer>('POST', '/stock/transfers', input));

export const useFinishTransfer = () =>
  useStockMutation(({ id, step }: { id: string; step: 'receive' | 'cancel' }) =>
    api<StockTransfer>('POST', `/stock/transfers/${id}/${step}`),
  );

export const useSetStockPolicy = (owner: StockOwner) =>
  useStockMutation((policy: ItemStock['policy']) => api<ItemStock>('PUT', `${base(owner)}/policy`, { policy }));

export function useCounts() {
  return useQuery({ queryKey: ['stock', 'counts'], queryFn: () => api<StockCountRow[]>('GET', '/stock/counts') });
}

export function useCount(id: string) {
  return useQuery({ queryKey: ['stock', 'counts', id], queryFn: () => api<StockCount>('GET', `/stock/counts/${id}`) });
}

export const useStartCount = () =>
  useStockMutation((input: { warehouse: string; note: string }) => api<StockCount>('POST', '/stock/counts', input));

export const useSaveCount = (id: string) =>
  useStockMutation((lines: { item: { type: StockItemType; id: string }; counted: number | null }[]) =>
    api<StockCount>('PUT', `/stock/counts/${id}/lines`, { lines }),
  );

export const useFinishCount = (id: string) =>
  useStockMutation((step: 'post' | 'cancel') => api<StockCount>('POST', `/stock/counts/${id}/${step}`));

export const useStockValue = () =>
  useQuery({ queryKey: ['stock', 'value'], queryFn: () => api<StockValue>('GET', '/stock/value') });

export const useStockCheck = () =>
  useQuery({
    queryKey: ['stock', 'check'],
    queryFn: () => api<{ checkedAt: string; levels: number; drift: number } | null>('GET', '/stock/check'),
  });

export const useRunStockCheck = () => useStockMutation(() => api<StockCheck>('POST', '/stock/check'));
