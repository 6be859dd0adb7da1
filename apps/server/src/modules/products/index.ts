// The products module's public entry: other modules and the wiring import it from here only
// (decision 0018).

export { addProductImage, THUMB_PX } from './images.service';
export * from './products.service';
export * from './products.table';
export { claimSku, nextSku, type SkuOwner } from './skus';
export { comboKey, onStockedByVariant, stockedByVariantNow } from './variants.service';
