import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** "Account: Birch & Co." for a filter set by a link; a count when several are chosen. */
export function LinkedFilterLabel(props: { label: string; collection: `/${string}`; ids: string[]; many: string }) {
  // 'none' is the "without one" choice of a filter.
  const single = props.ids.length === 1 && props.ids[0] !== 'none' ? props.ids[0] : undefined;
  const record = useQuery({
    queryKey: ['record', `${props.collection}/${single}`, 'details'],
    queryFn: () => api<{ name: string }>('GET', `${props.collection}/${single}`),
    enabled: Boolean(single),
    retry: false,
  });
  const what = single
    ? (record.data?.name ?? (record.isError ? 'not found' : '…'))
    : props.ids.length === 1
      ? 'none'
      : `${props.ids.length} ${props.many}`;
  return (
    <>
      {props.label}: {what}
    </>
  );
}
