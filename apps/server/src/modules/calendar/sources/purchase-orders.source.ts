import { PURCHASE_ORDER_STATUS_LABELS } from '@atelier/contracts';
import { inArray, sql } from 'drizzle-orm';
import { qualified } from '../../../db/columns';
import { purchaseOrders } from '../../purchasing';
import { vendors } from '../../vendors';
import { type CalendarSource, datedRows, maySeeKind } from '../sources';

/** Purchase orders sent and not yet all received, on the day they are expected, for whoever made them. */
export const purchaseOrderSource: CalendarSource = {
  kind: 'purchase_order',
  visible: (actor) => maySeeKind(actor, 'purchase_order'),
  rows: (db, actor, window) =>
    datedRows(
      db,
      actor,
      {
        table: purchaseOrders,
        start: purchaseOrders.expectedDate,
        person: purchaseOrders.createdBy,
        title: sql<string>`${purchaseOrders.prefix} || ${purchaseOrders.number} || ' expected'`,
        subtitle: sql<string>`COALESCE((SELECT v.name FROM ${vendors} v WHERE v.id = ${qualified(purchaseOrders.vendorId)}), '')`,
        status: purchaseOrders.status,
        statusLabels: PURCHASE_ORDER_STATUS_LABELS,
        where: inArray(purchaseOrders.status, ['sent', 'partially_received']),
      },
      window,
    ),
};
