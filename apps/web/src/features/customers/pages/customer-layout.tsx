import { type Customer, P } from '@atelier/contracts';
import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { ArchiveActions } from '../../../components/record/archive-actions';
import { DetailLayout } from '../../../components/record/detail-layout';
import { useCan } from '../../../lib/permissions';
import { useSignInAs } from '../../auth/impersonation';
import { customers } from '../api';

export default function CustomerLayout() {
  const { id = '' } = useParams();
  const { can } = useCan();
  const customer = customers.useRecord(id);
  const signInAs = useSignInAs();
  if (!can(P.MODIFY_USERS)) return <NoAccess />;
  return (
    <DetailLayout<Customer>
      resource={customers}
      id={id}
      record={customer.data}
      loading={customer.isPending}
      error={customer.error}
      title={(c) => c.name}
      subtitle={(c) => (
        <>
          {c.company && (
            <>
              <Link to={`/u/companies/${c.company._id}`}>{c.company.name}</Link>
              {' · '}
            </>
          )}
          {[c.emails[0]?.email, c.phones[0]?.number].filter(Boolean).join(' · ')}
        </>
      )}
      archived={(c) => c.archived}
      actions={(c) => (
        <>
          {can(P.LOGIN_AS_USER) && c.login === 'active' && (
            <Button variant="default" onClick={() => signInAs.mutate(c._id)} loading={signInAs.isPending}>
              Sign in as {c.firstName}
            </Button>
          )}
          {can(P.DELETE_USERS) && (
            <ArchiveActions
              record={c}
              resource={customers}
              listHref="/u/customers"
              deleteText="Deleting removes the customer for good. A customer with a store login cannot be deleted; archive them instead."
            />
          )}
        </>
      )}
    />
  );
}
