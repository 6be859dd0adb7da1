import type { ProductTemplate, ProductTemplateInput } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

const templateKeys = { all: ['product-templates'] as const };

/** Every staff member reads the templates: whoever makes products starts from one. */
export function useProductTemplates() {
  const { profile } = useSession();
  return useQuery({
    queryKey: templateKeys.all,
    queryFn: () => api<ProductTemplate[]>('GET', '/product-templates'),
    enabled: profile?.kind === 'staff',
  });
}

export function useSaveProductTemplate(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductTemplateInput & { version?: number }) =>
      id
        ? api<ProductTemplate>('PUT', `/product-templates/${id}`, input)
        : api<ProductTemplate>('POST', '/product-templates', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteProductTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/product-templates/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
