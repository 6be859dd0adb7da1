import {
  type DeliveryRoute,
  type DeliveryRouteInput,
  KINDS,
  type StopDeliverInput,
  type StopFailInput,
  type ToDeliver,
} from '@atelier/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';
import { uploadImage } from '../../lib/upload';
import type { ProofTransport } from './proof-queue';

export const deliveryRoutes = recordResource<DeliveryRoute, DeliveryRouteInput>(KINDS.delivery_route);

export const deliveryKeys = {
  toDeliver: ['delivery-routes', 'to-deliver'] as const,
  mine: ['delivery-routes', 'mine'] as const,
};

const stopPath = (routeId: string, stopId: string) => `${deliveryRoutes.path(routeId)}/stops/${stopId}`;

/** The printable route sheet (a PDF the server makes). */
export const routeSheetHref = (routeId: string) => `/api/v1${deliveryRoutes.path(routeId)}/sheet`;

/** Confirmed orders with lines left to deliver that no live stop carries. */
export const useToDeliver = () =>
  useQuery({ queryKey: deliveryKeys.toDeliver, queryFn: () => api<ToDeliver>('GET', '/delivery-routes/to-deliver') });

/**
 * The signed-in driver's routes from yesterday on. Asked for even when the browser says it is
 * offline: the driver app's service worker answers with the last routes it saw.
 */
export const useMyRoutes = () =>
  useQuery({
    queryKey: deliveryKeys.mine,
    queryFn: () => api<DeliveryRoute[]>('GET', '/delivery-routes/mine'),
    networkMode: 'always',
    staleTime: 15_000,
    refetchInterval: 60_000,
  });

/** A stop's answer is the whole route: shown at once on its page and in the driver's list. */
export function showRoute(queryClient: QueryClient, route: DeliveryRoute) {
  queryClient.setQueryData(deliveryRoutes.detailsKey(route._id), route);
  queryClient.setQueryData<DeliveryRoute[]>(deliveryKeys.mine, (mine) =>
    mine?.map((r) => (r._id === route._id ? route : r)),
  );
  void queryClient.invalidateQueries({ queryKey: deliveryKeys.mine });
  void queryClient.invalidateQueries({ queryKey: deliveryKeys.toDeliver });
  void queryClient.invalidateQueries({ queryKey: ['list', deliveryRoutes.collection] });
}

/** The driver leaves for a stop, or says it could not be delivered. */
export function useStopStep(routeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: { stopId: string; name: 'out' } | { stopId: string; name: 'fail'; body: StopFailInput }) =>
      api<DeliveryRoute>(
        'POST',
        `${stopPath(routeId, step.stopId)}/${step.name}`,
        'body' in step ? step.body : undefined,
      ),
    onSuccess: (route) => showRoute(queryClient, route),
  });
}

/** How the proof queue reaches the server: photos to /files, the proof with its idempotency key. */
export const proofTransport: ProofTransport<DeliveryRoute> = {
  upload: (blob, name) => uploadImage(new File([blob], name, { type: blob.type || 'image/jpeg' })),
  deliver: (routeId, stopId, body: StopDeliverInput, key) =>
    api<DeliveryRoute>('POST', `${stopPath(routeId, stopId)}/deliver`, body, undefined, { idempotencyKey: key }),
};
