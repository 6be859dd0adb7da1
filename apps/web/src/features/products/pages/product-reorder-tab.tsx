import type { Product } from '@atelier/contracts';
import { Loader } from '@mantine/core';
import { useRecord } from '../../../components/record/record-outlet';
import { ReorderEditor } from '../../stock/components/reorder-editor';
import { useReorderLevels } from '../../stock/reorder-api';
import { products } from '../api';
import { useVariants } from '../variants-api';

/** /p/products/{id}/reorder: the product's reorder levels, per warehouse (and variant). */
export default function ProductReorderTab() {
  const { record } = useRecord<Product>();
  const levels = useReorderLevels(products.path(record._id));
  const variants = useVariants(record._id);
  if (!levels.data || !variants.data) return <Loader aria-label="Loading the reorder levels" />;
  return (
    <ReorderEditor path={products.path(record._id)} unit={record.unit} data={levels.data} variants={variants.data} />
  );
}
