import type { ProductImage, ProductImagesEdit, StoredFile } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { api } from '../../lib/api';
import { uploadFile } from '../../lib/upload';
import { products } from './api';

const imagesKey = (id: string) => [...recordKeys.all(products.path(id)), 'images'];

export function useProductImages(productId: string) {
  return useQuery({
    queryKey: imagesKey(productId),
    queryFn: () => api<ProductImage[]>('GET', `${products.path(productId)}/images`),
  });
}

function useImagesMutation<A>(productId: string, fn: (args: A) => Promise<ProductImage[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (images) => queryClient.setQueryData(imagesKey(productId), images),
    // The variants too: a deleted image leaves the variants it was shown for.
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(products.path(productId)) }),
  });
}

export const useUploadProductImage = (id: string) =>
  useImagesMutation(id, (file: File) => uploadFile<ProductImage[]>(file, `${products.path(id)}/images`, 'image'));

export const useEditProductImages = (id: string) =>
  useImagesMutation(id, (edit: ProductImagesEdit) => api<ProductImage[]>('PUT', `${products.path(id)}/images`, edit));

export const useDeleteProductImage = (id: string) =>
  useImagesMutation(id, (imageId: string) => api<ProductImage[]>('DELETE', `${products.path(id)}/images/${imageId}`));

const modelKey = (id: string) => [...recordKeys.all(products.path(id)), 'model'];

/** The product's 3D model (a GLB file), or null. */
export function useProductModel(productId: string) {
  return useQuery({
    queryKey: modelKey(productId),
    queryFn: () => api<StoredFile | null>('GET', `${products.path(productId)}/model`),
  });
}

function useModelMutation<A>(productId: string, fn: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(products.path(productId)) }),
  });
}

export const useUploadProductModel = (id: string) =>
  useModelMutation(id, (file: File) => uploadFile(file, `${products.path(id)}/model`, 'model', 'PUT'));

export const useDeleteProductModel = (id: string) =>
  useModelMutation(id, () => api<void>('DELETE', `${products.path(id)}/model`));
