import { KINDS, P, type Vendor, type VendorInput, type VendorItem, type VendorItemInput } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';
import { useCan } from '../../lib/permissions';

export const vendors = recordResource<Vendor, VendorInput>(KINDS.vendor);

export const vendorItemKeys = { all: ['vendor-items'] as const };

/** A vendor's items, or a product's (with its variants') or a material's vendors. */
export function useVendorItems(filter: { vendor?: string; product?: string; material?: string }) {
  const { can } = useCan();
  return useQuery({
    queryKey: [...vendorItemKeys.all, filter],
    queryFn: () => api<VendorItem[]>('GET', '/vendor-items', undefined, filter),
    enabled: can(P.MODIFY_VENDORS),
  });
}

export function useSaveVendorItem(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VendorItemInput & { version?: number }) =>
      id ? api<VendorItem>('PUT', `/vendor-items/${id}`, input) : api<VendorItem>('POST', '/vendor-items', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorItemKeys.all }),
  });
}

export function useDeleteVendorItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/vendor-items/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorItemKeys.all }),
  });
}
