import { AMBASSADOR_KIND_LABELS } from '@atelier/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { RecordForm } from '../../../components/form/record-form';
import { recordPages } from '../../../components/record/record-pages';
import { ambassadors } from '../api';

/** Referral partners: each has a code, and a commission on the customers they refer. */
export default recordPages({
  resource: ambassadors,
  description: 'Referral partners such as realtors and architects, with their codes and commission.',
  form: (props) => (
    <RecordForm
      {...props}
      defaults={{ kind: 'person', commissionPercent: 5 }}
      duplicates
      fields={[
        { name: 'kind', label: 'A person or a business', type: 'choice', choices: AMBASSADOR_KIND_LABELS },
        { name: 'name', label: 'Name' },
        { name: 'email', label: 'Email', type: 'email' },
        { name: 'phone', label: 'Phone', type: 'tel' },
        {
          name: 'referralCode',
          label: 'Referral code',
          description: props.record ? undefined : 'Leave empty to make one from the name.',
        },
        {
          name: 'commissionPercent',
          label: 'Commission',
          type: 'percent',
          description: "Of each referred customer's paid invoices",
          max: 50,
        },
      ]}
    />
  ),
  created: (a) => `${a.name} created, with the code ${a.referralCode}.`,
  subtitle: (a) =>
    [
      AMBASSADOR_KIND_LABELS[a.kind],
      `Code ${a.referralCode}`,
      `${a.commissionPercent}% commission`,
      `${a.referrals} referral${a.referrals === 1 ? '' : 's'}`,
    ].join(' · '),
  deleteText:
    'Deleting removes the ambassador for good. One who referred customers cannot be deleted; archive them instead, which keeps the referrals.',
  details: {
    links: (a) => (
      <Anchor component={Link} to={`/u/customers?filter%5Bambassador%5D%5B%5D=${a._id}`}>
        See the {a.referrals} customer{a.referrals === 1 ? '' : 's'} they referred
      </Anchor>
    ),
  },
});
