import { AMBASSADOR_KIND_LABELS } from '@atelier/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { ambassadors } from '../api';
import { CommissionsCard } from '../components/commissions-card';

const AmbassadorForm = lazyNamed(() => import('../components/ambassador-form'), 'AmbassadorForm');

/** Referral partners: each has a code, and a commission on the customers they refer. */
export default recordPages({
  resource: ambassadors,
  description: 'Referral partners such as realtors and architects, with their codes and commission.',
  form: (props) => <AmbassadorForm {...props} />,
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
    above: (a) => <CommissionsCard ambassador={a} />,
    links: (a) => (
      <Anchor component={Link} to={`/u/customers?filter%5Bambassador%5D%5B%5D=${a._id}`}>
        See the {a.referrals} customer{a.referrals === 1 ? '' : 's'} they referred
      </Anchor>
    ),
  },
});
