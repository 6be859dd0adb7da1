import type { Product } from '@atelier/contracts';
import { Loader } from '@mantine/core';
import { useRecord } from '../../../components/record/record-outlet';
import { unitWords } from '../../../lib/unit-words';
import { StockTab } from '../../stock/components/stock-tab';
import { useVariants } from '../variants-api';

/** /p/products/{id}/stock: a product is stocked itself, or by each of its variants. */
export default function ProductStockTab() {
  const { record } = useRecord<Product>();
  const variants = useVariants(record._id);
  if (!variants.data) return <Loader aria-label="Loading the stock" />;
  const items = variants.data.length
    ? variants.data.filter((v) => !v.archived).map((v) => ({ type: 'variant' as const, id: v._id, name: v.name }))
    : [{ type: 'product' as const, id: record._id, name: record.name }];
  return <StockTab owner={{ type: 'product', id: record._id }} items={items} unitLabel={unitWords(record.unit, 2)} />;
}
