import type { ImportKind } from '@atelier/contracts';
import { categoryImport } from './categories';
import { productImport } from './products';
import type { AnyImportSpec } from './spec';

const SPECS: Record<ImportKind, AnyImportSpec> = { product: productImport, category: categoryImport };

/** How a kind's rows are checked and written. */
export const importSpec = (kind: ImportKind): AnyImportSpec => SPECS[kind];
