import {
  type Company,
  type Customer,
  type CustomerInput,
  type CustomerRow,
  KINDS,
  P,
  recordHref,
} from '@atelier/contracts';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { lazyNamed } from '../../../components/lazy';
import { useAssigneeFilter } from '../../../components/people';
import { LinkedFilterLabel } from '../../../components/record/record-name';
import { RecordNewPage, recordPages } from '../../../components/record/record-pages';
import { api } from '../../../lib/api';
import { useCan } from '../../../lib/permissions';
import { useSignInAs } from '../../auth/impersonation';
import { useSettings } from '../../settings/api';
import { customers } from '../api';

const CustomerForm = lazyNamed(() => import('../components/customer-form'), 'CustomerForm');

function useCustomerList() {
  const assignee = useAssigneeFilter();
  const sources = useSettings().data?.customerSettings.sources ?? [];
  return {
    render: {
      company: (r: CustomerRow) =>
        r.company ? <Link to={recordHref(KINDS.company, r.company._id)}>{r.company.name}</Link> : '—',
    },
    extraFilters: [
      assignee,
      { key: 'source', label: 'Source', options: sources.map((s) => ({ value: s, label: s })) },
      {
        key: 'consent',
        label: 'Marketing consent',
        options: [
          { value: 'true', label: 'Consented' },
          { value: 'false', label: 'Not consented' },
        ],
      },
    ],
    linkedFilters: [
      {
        key: 'company',
        label: (ids: string[]) => (
          <LinkedFilterLabel label="Account" collection="/companies" ids={ids} many="accounts" />
        ),
      },
      {
        key: 'ambassador',
        label: (ids: string[]) => (
          <LinkedFilterLabel label="Referred by" collection="/ambassadors" ids={ids} many="ambassadors" />
        ),
      },
    ],
  };
}

/** "Sign in as": for holders of code 11, once the customer has a store login. */
function SignInAs({ customer }: { customer: Customer }) {
  const { can } = useCan();
  const signInAs = useSignInAs();
  if (!can(P.LOGIN_AS_USER) || customer.login !== 'active') return null;
  return (
    <Button variant="default" onClick={() => signInAs.mutate(customer._id)} loading={signInAs.isPending}>
      Sign in as {customer.firstName}
    </Button>
  );
}

/** /u/customers/new, or /u/customers/new?company={id} to add a contact to an account. */
function CustomerNewPage() {
  const { can } = useCan();
  const companyId = useSearchParams()[0].get('company');
  const company = useQuery({
    queryKey: ['company-name', companyId],
    queryFn: () => api<Company>('GET', `/companies/${companyId}`),
    enabled: Boolean(companyId) && can(P.MODIFY_COMPANIES),
  });
  return (
    <RecordNewPage<Customer, CustomerInput>
      resource={customers}
      title={company.data ? `New contact at ${company.data.name}` : undefined}
      form={(props) => (
        <CustomerForm
          {...props}
          key={company.data?._id ?? 'none'}
          initialCompany={company.data ? { _id: company.data._id, name: company.data.name } : null}
        />
      )}
    />
  );
}

/** Customers: the people who buy, on their own or as an account's contacts. */
export default {
  ...recordPages<Customer, CustomerInput, CustomerRow>({
    resource: customers,
    form: (props) => <CustomerForm {...props} />,
    description: 'The people who buy from you, on their own or through an account.',
    useList: useCustomerList,
    // What they keep in the store: only where the firm has the store.
    showTab: (tab, _can, hasFeature) => tab.path !== 'favorites' || hasFeature('product_store'),
    subtitle: (c) => (
      <>
        {c.company && (
          <>
            <Link to={`/u/companies/${c.company._id}`}>{c.company.name}</Link>
            {' · '}
          </>
        )}
        {[c.emails[0]?.email, c.phones[0]?.number].filter(Boolean).join(' · ')}
      </>
    ),
    actions: (c) => <SignInAs customer={c} />,
    deleteText:
      'Deleting removes the customer for good. A customer with a store login cannot be deleted; archive them instead.',
    tabs: {
      orders: () => import('./customer-orders-tab'),
      favorites: () => import('./customer-favorites-tab'),
      settings: () => import('./customer-settings-tab'),
    },
  }),
  New: CustomerNewPage,
};
