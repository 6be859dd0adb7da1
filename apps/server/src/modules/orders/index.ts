// The orders module's public entry: other modules and the wiring import it from here only
// (decision 0018).

export { fulfilOrder, rebalanceOrder } from './order-stock';
export * from './orders.module';
export { ORDER_LINES, orderNumber, orderType } from './orders.service';
export * from './orders.table';
export { buySpecialOrders, specialOrderVendors } from './special-orders';
