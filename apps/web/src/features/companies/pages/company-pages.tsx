import { COMPANY_TYPE_LABELS } from '@atelier/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { lazyNamed } from '../../../components/lazy';
import { useAssigneeFilter } from '../../../components/people';
import { recordPages } from '../../../components/record/record-pages';
import { maySeeSales } from '../../sales-analytics/api';
import { useSettings } from '../../settings/api';
import { companies } from '../api';

const CompanyForm = lazyNamed(() => import('../components/company-form'), 'CompanyForm');

function useCompanyList() {
  const assignee = useAssigneeFilter();
  // Credit limits (for holders of 15) are in the firm's currency.
  const currency = useSettings().data?.firmSettings.currency;
  return { extraFilters: [assignee], currency };
}

/** Accounts: the businesses a firm sells to, with their contacts (customers) and financials. */
export default recordPages({
  resource: companies,
  form: (props) => <CompanyForm {...props} />,
  description: 'The businesses you sell to: trade customers, contractors, designers and retailers.',
  useList: useCompanyList,
  subtitle: (c) =>
    [COMPANY_TYPE_LABELS[c.type], c.phone, c.email, `${c.contacts} contact${c.contacts === 1 ? '' : 's'}`]
      .filter(Boolean)
      .join(' · '),
  deleteText:
    'Deleting removes the account for good. An account with contacts cannot be deleted; archive it instead, which hides it from lists and keeps its history.',
  details: {
    links: (c) => (
      <>
        <Anchor component={Link} to={`/u/customers?filter%5Bcompany%5D%5B%5D=${c._id}`}>
          See its {c.contacts} contact{c.contacts === 1 ? '' : 's'}
        </Anchor>
        {' · '}
        <Anchor component={Link} to={`/u/customers/new?company=${c._id}`}>
          Add a contact
        </Anchor>
      </>
    ),
  },
  tabs: {
    accounting: () => import('./company-accounting-tab'),
    analytics: () => import('./company-analytics-tab'),
    pricing: () => import('./company-pricing-tab'),
    orders: () => import('./company-orders-tab'),
    settings: () => import('./company-settings-tab'),
  },
  showTab: (tab, can) => tab.path !== 'analytics' || maySeeSales(can).company,
});
