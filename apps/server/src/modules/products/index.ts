// The products module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export * from './products.service';
export * from './products.table';
export { claimSku, nextSku, type SkuOwner } from './skus';
export { onStockedByVariant } from './variants.service';
