import {
  KINDS,
  type ListPage,
  P,
  type Vendor,
  type VendorInput,
  type VendorItem,
  type VendorItemInput,
} from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListFilter } from '../../components/list/types';
import { useMayOpen } from '../../components/record/may-open';
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

/** The firm's first hundred vendors by name, for a choice (a firm has tens of them, not thousands). */
export function useVendorChoices() {
  return useQuery({
    queryKey: ['vendor-choices'],
    queryFn: () => api<ListPage<{ _id: string; name: string }>>('GET', '/vendors', undefined, { limit: 100 }),
    enabled: useMayOpen(KINDS.vendor),
  });
}

/** The products list's vendor filter, for those who may see vendors. */
export function useVendorFilter(): ListFilter | null {
  const choices = useVendorChoices().data?.items ?? [];
  return choices.length
    ? { key: 'vendor', label: 'Vendor', options: choices.map((v) => ({ value: v._id, label: v.name })) }
    : null;
}
