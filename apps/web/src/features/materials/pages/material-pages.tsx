import { type Material, type MaterialInput, type MaterialRow, SELL_UNIT_LABELS } from '@atelier/contracts';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatMoney } from '../../../lib/format';
import { useSettings } from '../../settings/api';
import { ItemVendors } from '../../vendors/components/item-vendors';
import { materials } from '../api';

const MaterialForm = lazyNamed(() => import('../components/material-form'), 'MaterialForm');

function useMaterialList() {
  return { currency: useSettings().data?.firmSettings.currency };
}

/** Raw materials: slabs, sheet goods and hardware the firm stocks and buys. */
export default recordPages<Material, MaterialInput, MaterialRow>({
  resource: materials,
  form: (props) => <MaterialForm {...props} />,
  description: 'The slabs, sheet goods and hardware you stock and buy to make what you sell.',
  useList: useMaterialList,
  created: (m) => `${m.name} created with the SKU ${m.sku}.`,
  subtitle: (m) => `${m.sku} · ${formatMoney(Math.round(m.costCents))} per ${SELL_UNIT_LABELS[m.unit].toLowerCase()}`,
  details: { above: (m) => <ItemVendors material={m._id} /> },
  tabs: {
    stock: () => import('./material-stock-tab'),
    reorder: () => import('./material-reorder-tab'),
    analytics: () => import('./material-analytics-tab'),
  },
  deleteText:
    'Deleting removes the material and frees its SKU for good. Archive it instead to stop using it and keep its history.',
});
