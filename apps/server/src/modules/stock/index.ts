// The stock module's public entry: what purchasing, selling and returns post movements with.
export { incomingSql, registerIncoming } from './incoming';
export { itemViewSql, resolveItems, type StockItem, warehouseNames } from './items';
export { type MovementLine, type PostedMovement, postMovements } from './ledger.service';
export * from './stock.table';
