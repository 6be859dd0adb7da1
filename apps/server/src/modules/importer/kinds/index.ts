import type { ImportKind } from '@atelier/contracts';
import { categoryImport } from './categories';
import { collectionImport } from './collections';
import { companyImport } from './companies';
import { customerImport } from './customers';
import { materialImport } from './materials';
import { openingStockImport } from './opening-stock';
import { priceListImport } from './price-lists';
import { productImport } from './products';
import type { AnyImportSpec } from './spec';
import { tagImport } from './tags';
import { vendorImport } from './vendors';

const SPECS: Record<ImportKind, AnyImportSpec> = {
  product: productImport,
  material: materialImport,
  vendor: vendorImport,
  category: categoryImport,
  collection: collectionImport,
  price_list: priceListImport,
  opening_stock: openingStockImport,
  customer: customerImport,
  company: companyImport,
  tag: tagImport,
};

/** How a kind's rows are checked and written. */
export const importSpec = (kind: ImportKind): AnyImportSpec => SPECS[kind];
