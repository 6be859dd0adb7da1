// The purchasing module's public entry: its tables (the low-stock report reads what is incoming).

// Orders make purchase orders for special-order lines and outbound shipments for what they ship.
export { poLineNameSql, purchaseOrderType } from './purchase-orders.service';
export * from './purchase-orders.table';
export { shipmentType } from './shipments.service';
export * from './shipments.table';
