import {
  PRODUCT_STATUS_LABELS,
  type Product,
  type ProductInput,
  type ProductRow,
  SELL_UNIT_LABELS,
} from '@atelier/contracts';
import { Badge } from '@mantine/core';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatMoney } from '../../../lib/format';
import { useCategoryFilter } from '../../categories/components/category-select';
import { useSettings } from '../../settings/api';
import { products } from '../api';

const ProductForm = lazyNamed(() => import('../components/product-form'), 'ProductForm');

function useProductList() {
  // Prices are in the firm's currency.
  const currency = useSettings().data?.firmSettings.currency;
  return {
    currency,
    extraFilters: [useCategoryFilter()],
    render: {
      status: (p: ProductRow) => (
        <Badge variant="light" color={p.status === 'active' ? 'green' : 'gray'}>
          {PRODUCT_STATUS_LABELS[p.status]}
        </Badge>
      ),
    },
  };
}

/** Products: what the firm sells, with SKUs, units, prices and dimensional pricing. */
export default recordPages<Product, ProductInput, ProductRow>({
  resource: products,
  form: (props) => <ProductForm {...props} />,
  description: 'Everything you sell: SKUs, units, prices and costs, priced by the unit, the square foot or the foot.',
  created: (p) => `${p.name} created with the SKU ${p.sku}.`,
  useList: useProductList,
  subtitle: (p) =>
    [
      p.sku,
      `${formatMoney(p.priceCents)} per ${SELL_UNIT_LABELS[p.unit].toLowerCase()}`,
      p.status === 'draft' ? 'Draft' : null,
    ]
      .filter(Boolean)
      .join(' · '),
  deleteText:
    'Deleting removes the product and frees its SKU for good. Archive it instead to stop selling it and keep its history.',
  tabs: {
    variants: () => import('./product-variants-tab'),
    pricing: () => import('./product-pricing-tab'),
  },
});
