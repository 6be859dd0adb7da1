import {
  type DeliveryRoute,
  type DeliveryRouteInput,
  type DeliveryRouteRow,
  ROUTE_STATUS_LABELS,
} from '@atelier/contracts';
import { Badge, Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatDate } from '../../../lib/format';
import { deliveryRoutes, routeSheetHref } from '../api';
import { ROUTE_STATUS_COLORS } from '../stop-words';

const RouteForm = lazyNamed(() => import('../components/route-form'), 'RouteForm');

const statusBadge = (status: DeliveryRoute['status']) => (
  <Badge color={ROUTE_STATUS_COLORS[status]} variant="light">
    {ROUTE_STATUS_LABELS[status]}
  </Badge>
);

function useRouteList() {
  return {
    defaultSort: '-date',
    render: { status: (row: DeliveryRouteRow) => statusBadge(row.status) },
  };
}

const driven = (route: DeliveryRoute) => route.stops.some((s) => s.status !== 'scheduled');

/** Delivery routes: a day's stops for one driver and vehicle, planned here and driven from a phone. */
export default recordPages<DeliveryRoute, DeliveryRouteInput, DeliveryRouteRow>({
  resource: deliveryRoutes,
  form: (props) => <RouteForm {...props} />,
  description: 'Each route is a day’s stops for one driver, in the order they drive them.',
  useList: useRouteList,
  created: (r) => `${r.number} planned for ${formatDate(r.date)}.`,
  newDescription: 'The day, the driver and the vehicle, then the orders to deliver in the order they are driven.',
  subtitle: (r) =>
    [
      formatDate(r.date),
      r.driver?.name ?? 'No driver yet',
      r.vehicle,
      `${r.stops.filter((s) => s.status === 'delivered').length} of ${r.stops.length} delivered`,
      ROUTE_STATUS_LABELS[r.status],
    ]
      .filter(Boolean)
      .join(' · '),
  actions: (r) => (
    <Button
      component="a"
      variant="default"
      href={routeSheetHref(r._id)}
      target="_blank"
      rel="noopener"
      leftSection={<IconPrinter size={16} />}
    >
      Print route sheet
    </Button>
  ),
  deleteText: 'Deleting removes the plan for good; its orders go back to the orders to deliver.',
  deletable: (r) => !driven(r),
  tabs: { drive: () => import('./route-drive-tab') },
});
