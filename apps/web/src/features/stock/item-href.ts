import { KINDS, recordHref, type StockItemView } from '@atelier/contracts';

/** An item's Stock tab: its material's, or its product's (a variant's is its product's). */
export const stockTabHref = (item: Pick<StockItemView, 'productId' | 'materialId'>) =>
  item.materialId
    ? `${recordHref(KINDS.raw_material, item.materialId)}/stock`
    : `${recordHref(KINDS.product, item.productId!)}/stock`;
