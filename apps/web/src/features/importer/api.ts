import {
  IMPORT_BUSY,
  IMPORT_KIND_INFO,
  type ImportDocument,
  type ImportError,
  type ImportImageFailure,
  type ImportInput,
  type ImportKind,
  type ImportMappingInput,
  importProgressId,
  KINDS,
  type ListPage,
} from '@atelier/contracts';
import { type QueryKey, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { recordKeys } from '../../components/record/api';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';
import { followProgress } from '../../lib/progress';
import { uploadFile } from '../../lib/upload';
import { categoryKeys } from '../categories/api';
import { tagKeys } from '../product-tags/api';
import { vendorItemKeys } from '../vendors/api';

export const imports = recordResource<ImportDocument, ImportInput>(KINDS.import);

export const importKeys = {
  errors: (id: string) => [...recordKeys.all(imports.path(id)), 'errors'] as const,
  images: (id: string) => [...recordKeys.all(imports.path(id)), 'images'] as const,
};

/** An import's page as the spec names it: /p/importer/{segment}/{id}. */
export const importHref = (doc: { _id: string; kind: ImportKind }) =>
  `${KINDS.import.webPath}/${IMPORT_KIND_INFO[doc.kind].segment}/${doc._id}`;

/** The page a file of this kind is uploaded on (the spec names the tags' one /p/importer/tags). */
export const newImportHref = (kind: ImportKind) =>
  `${KINDS.import.webPath}/${IMPORT_KIND_INFO[kind].segment}${IMPORT_KIND_INFO[kind].uploadAtSegment ? '' : '/new'}`;

/** Every problem the dry run found, as a CSV file (row, column, value, message). */
export const errorsCsvHref = (id: string) => `/api/v1${imports.path(id)}/errors.csv`;

/** Uploads a file to import: the answer is the new document, mapped automatically. */
export function useUploadImport(kind: ImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile<ImportDocument>(file, `${imports.collection}?kind=${kind}`, 'import'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['list', imports.collection] }),
  });
}

/** Saves the mapping (its status goes back to uploaded: the last check no longer holds). */
export const useSaveMapping = (id: string) =>
  imports.useMutationOf(id, (input: ImportMappingInput) =>
    api<ImportDocument>('PUT', `${imports.path(id)}/mapping`, input),
  );

/** Saves the mapping, then starts the dry run on the version the save made. */
export function useSaveAndCheck(id: string) {
  const queryClient = useQueryClient();
  return imports.useMutationOf(id, async (input: ImportMappingInput) => {
    const saved = await api<ImportDocument>('PUT', `${imports.path(id)}/mapping`, input);
    return api<ImportDocument>('POST', `${imports.path(id)}/check`, { version: saved.version }).catch((error) => {
      // The mapping is saved even when the check is refused (another import of the kind is under
      // way): the page goes on from the saved version, or the next try would be a stale write.
      queryClient.setQueryData(imports.detailsKey(id), saved);
      throw error;
    });
  });
}

/** Starts the import itself (all or nothing), or cancels a check or an import under way. */
export const useImportStep = (id: string) =>
  imports.useMutationOf(id, ({ step, version }: { step: 'run' | 'cancel'; version: number }) =>
    api<ImportDocument>('POST', `${imports.path(id)}/${step}`, { version }),
  );

const ERRORS_PAGE = 100;

/** What the check found wrong, by row, a page at a time ("Load more"). */
export function useImportErrors(id: string) {
  return useInfiniteQuery({
    queryKey: importKeys.errors(id),
    queryFn: ({ pageParam }) =>
      api<ListPage<ImportError>>('GET', `${imports.path(id)}/errors`, undefined, {
        limit: ERRORS_PAGE,
        cursor: pageParam || undefined,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/**
 * The image URLs that could not be added, once there are any. While images still wait to be
 * fetched, the document (its counts) and this list are asked again every few seconds.
 */
export function useImportImages(doc: Pick<ImportDocument, '_id' | 'images'>) {
  const queryClient = useQueryClient();
  const waiting = (doc.images?.pending ?? 0) > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(
      () => queryClient.invalidateQueries({ queryKey: recordKeys.all(imports.path(doc._id)) }),
      IMAGES_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [waiting, doc._id, queryClient]);
  return useQuery({
    queryKey: importKeys.images(doc._id),
    queryFn: () => api<{ items: ImportImageFailure[] }>('GET', `${imports.path(doc._id)}/images`),
    enabled: (doc.images?.failed ?? 0) > 0,
  });
}
const IMAGES_POLL_MS = 3000;

/**
 * What an import made is not announced record by record: once it is done, the lists it filled
 * are refetched when next shown (they may be cached from before it ran).
 */
export function useRefreshImported(doc: Pick<ImportDocument, 'kind' | 'status'>) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (doc.status !== 'done') return;
    // Products list their category. A price list's items are read by the vendor items' queries
    // (a vendor's, a product's, a material's); they also decide what the products list's vendor
    // filter finds, and low stock prices its rows by them (cost, pack, lead time).
    const made: Record<ImportKind, readonly QueryKey[]> = {
      product: [['list', KINDS.product.apiPath]],
      material: [['list', KINDS.raw_material.apiPath]],
      vendor: [['list', KINDS.vendor.apiPath]],
      category: [['list', KINDS.product.apiPath], categoryKeys.all],
      collection: [['list', KINDS.collection.apiPath]],
      opening_stock: [['stock']],
      price_list: [vendorItemKeys.all, ['list', KINDS.product.apiPath], ['stock']],
      // An account's page lists its contacts.
      customer: [
        ['list', KINDS.customer.apiPath],
        ['list', KINDS.company.apiPath],
      ],
      company: [['list', KINDS.company.apiPath]],
      tag: [['list', KINDS.product.apiPath], tagKeys.all],
    };
    for (const queryKey of made[doc.kind]) void queryClient.invalidateQueries({ queryKey });
  }, [doc.kind, doc.status, queryClient]);
}

/**
 * While its check or its import runs, the shell's progress bar follows it: from this page, and on
 * every page after it until the work ends (the bar's socket is otherwise open only for uploads).
 */
export function useFollowProgress(doc: Pick<ImportDocument, '_id' | 'status'> | undefined) {
  const busy = doc !== undefined && IMPORT_BUSY.includes(doc.status);
  const id = doc?._id;
  useEffect(() => {
    if (busy && id) followProgress(importProgressId(id));
  }, [busy, id]);
}
