import { type Coupon, type CouponInput, P } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useCan } from '../../lib/permissions';

const couponKeys = { all: ['coupons'] as const };

export function useCoupons() {
  const { can } = useCan();
  return useQuery({
    queryKey: couponKeys.all,
    queryFn: () => api<Coupon[]>('GET', '/coupons'),
    enabled: can(P.MODIFY_COUPONS),
  });
}

export function useSaveCoupon(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CouponInput & { version?: number }) =>
      id ? api<Coupon>('PUT', `/coupons/${id}`, input) : api<Coupon>('POST', '/coupons', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/coupons/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
