// The change-orders module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export { changeOrderPdf } from './change-order-send';
export * from './change-orders.module';
export { changeOrderType } from './change-orders.service';
export * from './change-orders.table';
export { type OnlineApproval, registerOnlineApproval } from './online-approval';
