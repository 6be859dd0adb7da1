import {
  type Collection,
  type CollectionInput,
  type CollectionMember,
  KINDS,
  type ListPage,
  type ProductCollection,
} from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListFilter } from '../../components/list/types';
import { recordKeys } from '../../components/record/api';
import { useMayOpen } from '../../components/record/may-open';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const collections = recordResource<Collection, CollectionInput>(KINDS.collection);
const membersKey = (id: string) => [...recordKeys.all(collections.path(id)), 'products'];

export function useCollectionMembers(id: string) {
  return useQuery({
    queryKey: membersKey(id),
    queryFn: () => api<CollectionMember[]>('GET', `${collections.path(id)}/products`),
  });
}

export function useSetMembers(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { products: string[]; version: number }) =>
      api<CollectionMember[]>('PUT', `${collections.path(id)}/products`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(collections.path(id)) }),
  });
}

/** The products list's collection filter (the first hundred by name), for those who may see collections. */
export function useCollectionFilter(): ListFilter | null {
  const choices = useQuery({
    queryKey: ['collection-choices'],
    queryFn: () => api<ListPage<{ _id: string; name: string }>>('GET', '/collections', undefined, { limit: 100 }),
    enabled: useMayOpen(KINDS.collection),
  }).data?.items;
  return choices?.length
    ? { key: 'collection', label: 'Collection', options: choices.map((c) => ({ value: c._id, label: c.name })) }
    : null;
}

/** The collections a product is in now. */
export function useProductCollections(productId: string) {
  return useQuery({
    // With the product's own queries: a save of the product (its tags, its price) refreshes it.
    queryKey: [...recordKeys.all(`${KINDS.product.apiPath}/${productId}`), 'collections'],
    queryFn: () => api<ProductCollection[]>('GET', `${KINDS.product.apiPath}/${productId}/collections`),
    enabled: useMayOpen(KINDS.collection),
  });
}
