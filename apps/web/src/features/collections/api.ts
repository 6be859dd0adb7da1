import { type Collection, type CollectionInput, type CollectionMember, KINDS } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
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
