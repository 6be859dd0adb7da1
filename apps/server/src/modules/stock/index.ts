// The stock module's public entry: what purchasing, selling and returns post movements with.
export { materialsAccess, mayUseMaterials } from './access';
export { availableOn, type Commitment, commitStock, releaseStock, type Shortfall } from './commitments.service';
export { incomingSql, registerIncoming } from './incoming';
export { itemViewSql, resolveItems, type StockItem, searchItems, throwFieldErrors, warehouseNames } from './items';
export { type MovementLine, type PostedMovement, postMovements } from './ledger.service';
export * from './reorder.table';
export * from './stock.table';
