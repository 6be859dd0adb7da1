import { P, type Warehouse, type WarehouseInput } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useCan } from '../../lib/permissions';

export const warehouseKeys = {
  all: ['warehouses'] as const,
  one: (id: string) => ['warehouses', id] as const,
};

/** Fetched after sign-in only for users who hold modify-warehouses (32). */
export function useWarehouses() {
  const { can } = useCan();
  return useQuery({
    queryKey: warehouseKeys.all,
    queryFn: () => api<Warehouse[]>('GET', '/warehouses'),
    enabled: can(P.MODIFY_WAREHOUSES),
  });
}

export function useWarehouse(id: string | undefined) {
  const { can } = useCan();
  return useQuery({
    queryKey: warehouseKeys.one(id ?? ''),
    queryFn: () => api<Warehouse>('GET', `/warehouses/${id}`),
    enabled: Boolean(id) && can(P.MODIFY_WAREHOUSES),
    retry: false,
  });
}

export function useSaveWarehouse(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WarehouseInput & { version?: number }) =>
      id ? api<Warehouse>('PUT', `/warehouses/${id}`, input) : api<Warehouse>('POST', '/warehouses', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(warehouseKeys.one(saved._id), saved);
      queryClient.invalidateQueries({ queryKey: warehouseKeys.all });
    },
  });
}
