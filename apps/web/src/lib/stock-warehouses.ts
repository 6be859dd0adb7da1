import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The firm's warehouses, as stock work chooses them (an order's, a receipt's, a return's). */
export function useStockWarehouses() {
  return useQuery({
    queryKey: ['stock', 'warehouses'],
    queryFn: () => api<{ _id: string; name: string }[]>('GET', '/stock/warehouses'),
  });
}
