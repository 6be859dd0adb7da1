import {
  PRICE_BANDS,
  PRODUCT_STATUS_LABELS,
  type Product,
  type ProductInput,
  type ProductRow,
  SELL_UNIT_LABELS,
  STOCK_FILTER_LABELS,
} from '@atelier/contracts';
import { Badge } from '@mantine/core';
import { lazyNamed } from '../../../components/lazy';
import type { ListFilter } from '../../../components/list/types';
import { recordPages } from '../../../components/record/record-pages';
import { formatMoney } from '../../../lib/format';
import { useCategoryFilter } from '../../categories/components/category-select';
import { useCollectionFilter } from '../../collections/api';
import { useFacetFilter } from '../../filters/components/filter-values-select';
import { useProductTags } from '../../product-tags/api';
import { useSettings } from '../../settings/api';
import { useVendorFilter } from '../../vendors/api';
import { products } from '../api';
import { NewFromTemplate } from '../components/new-from-template';

const ProductForm = lazyNamed(() => import('../components/product-form'), 'ProductForm');

function priceFilter(currency = 'USD'): ListFilter {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
  const whole = (cents: number) => format.format(cents / 100);
  return {
    key: 'price',
    label: 'Price',
    options: PRICE_BANDS.map(([min, max]) => ({
      value: `${min ?? ''}:${max ?? ''}`,
      label:
        min === null
          ? `Under ${whole(max! + 1)}`
          : max === null
            ? `${whole(min)} and up`
            : `${whole(min)} to ${whole(max + 1)}`,
    })),
  };
}

function useProductList() {
  // Prices are in the firm's currency.
  const currency = useSettings().data?.firmSettings.currency;
  const tags = useProductTags().data ?? [];
  const tagFilter: ListFilter = {
    key: 'tag',
    label: 'Tag',
    options: tags.map((t) => ({ value: t.name, label: t.name })),
  };
  // Each for those who may see collections, vendors.
  const collectionFilter = useCollectionFilter();
  const vendorFilter = useVendorFilter();
  return {
    currency,
    extraFilters: [
      useCategoryFilter(),
      useFacetFilter(),
      ...(collectionFilter ? [collectionFilter] : []),
      ...(vendorFilter ? [vendorFilter] : []),
      priceFilter(currency),
      { key: 'sale', label: 'Sale', options: [{ value: 'yes', label: 'On sale' }] },
      {
        key: 'stock',
        label: 'Stock',
        options: Object.entries(STOCK_FILTER_LABELS).map(([value, label]) => ({ value, label })),
      },
      ...(tags.length ? [tagFilter] : []),
    ],
    actions: <NewFromTemplate />,
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
    images: () => import('./product-images-tab'),
    pricing: () => import('./product-pricing-tab'),
    stock: () => import('./product-stock-tab'),
    reorder: () => import('./product-reorder-tab'),
  },
});
