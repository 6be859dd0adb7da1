import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
// What the firm owes the vendor (payables: decision 0046), for those who keep bills.
import { VendorBalanceCard } from '../../vendor-bills/components/vendor-balance-card';
import { vendors } from '../api';

const VendorForm = lazyNamed(() => import('../components/vendor-form'), 'VendorForm');

/** Vendors: who the firm buys from, on what terms, and how long they take. */
export default recordPages({
  resource: vendors,
  form: (props) => <VendorForm {...props} />,
  description: 'The suppliers you buy products and materials from, with their terms and lead times.',
  subtitle: (v) =>
    [
      v.contactName,
      v.phone,
      v.email,
      `Net ${v.paymentTermsDays}`,
      `${v.leadTimeDays} day${v.leadTimeDays === 1 ? '' : 's'} lead time`,
    ]
      .filter(Boolean)
      .join(' · '),
  deleteText:
    'Deleting removes the vendor for good. A vendor the catalog or a purchase order uses cannot be deleted; archive it instead, which keeps its history.',
  details: { above: (v) => <VendorBalanceCard vendor={v._id} /> },
  tabs: {
    items: () => import('./vendor-items-tab'),
    'purchase-orders': () => import('./vendor-orders-tab'),
    bills: () => import('../../vendor-bills/pages/vendor-bills-tab'),
    claims: () => import('./vendor-claims-tab'),
    analytics: () => import('./vendor-analytics-tab'),
    sync: () => import('../../accounting-export/pages/vendor-sync-tab'),
    expenses: () => import('./vendor-expenses-tab'),
  },
});
