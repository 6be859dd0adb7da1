import { COMPANY_TYPE_LABELS, type Company, type CompanyInput } from '@atelier/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AddressesField } from '../../../components/form/addresses-field';
import { RecordForm } from '../../../components/form/record-form';
import { useAssigneeFilter } from '../../../components/people';
import { recordPages } from '../../../components/record/record-pages';
import { useSettings } from '../../settings/api';
import { companies } from '../api';
import CompanySettingsTab from './company-settings-tab';

const companyFormValues = (c?: Company): CompanyInput => ({
  name: c?.name ?? '',
  type: c?.type ?? 'retail',
  phone: c?.phone ?? '',
  email: c?.email ?? '',
  website: c?.website ?? '',
  addresses: c?.addresses ?? [],
  assignedTo: c?.assignedTo?._id ?? null,
  tags: c?.tags ?? [],
  notes: c?.notes ?? '',
});

function useCompanyList() {
  const assignee = useAssigneeFilter();
  // Credit limits (for holders of 15) are in the firm's currency.
  const currency = useSettings().data?.firmSettings.currency;
  return { extraFilters: [assignee], currency };
}

/** Accounts: the businesses a firm sells to, with their contacts (customers) and financials. */
export default recordPages({
  resource: companies,
  form: (props) => (
    <RecordForm
      {...props}
      values={companyFormValues}
      duplicates
      fields={[
        { name: 'name', label: 'Name' },
        { name: 'type', label: 'Type', type: 'select', choices: COMPANY_TYPE_LABELS },
        { name: 'phone', label: 'Phone', type: 'tel' },
        { name: 'email', label: 'Email', type: 'email' },
        { name: 'website', label: 'Website', placeholder: 'https://' },
        { name: 'assignedTo', label: 'Assigned to', type: 'person' },
      ]}
    >
      {(form) => <AddressesField form={form} />}
    </RecordForm>
  ),
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
  tabs: { settings: CompanySettingsTab },
});
