import { type Customer, P } from '@atelier/contracts';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate, useParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { DetailLayout } from '../../../components/record/detail-layout';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { customerPath, useArchiveCustomer, useCustomer, useDeleteCustomer } from '../api';

function Actions({ customer }: { customer: Customer }) {
  const { can } = useCan();
  const navigate = useNavigate();
  const archive = useArchiveCustomer(customer._id);
  const remove = useDeleteCustomer(customer._id);
  const [confirm, modal] = useDisclosure(false);
  if (!can(P.DELETE_USERS)) return null;
  return (
    <>
      <Button
        variant="default"
        onClick={() =>
          archive
            .mutateAsync(!customer.archived)
            .then(
              () => toastSuccess(customer.archived ? `${customer.name} restored.` : `${customer.name} archived.`),
              showSubmitError,
            )
        }
      >
        {customer.archived ? 'Restore' : 'Archive'}
      </Button>
      <Button variant="subtle" color="red" onClick={modal.open}>
        Delete
      </Button>
      <Modal opened={confirm} onClose={modal.close} title={`Delete ${customer.name}?`} centered>
        <Text size="sm">
          Deleting removes the customer for good. A customer with a store login cannot be deleted; archive them instead.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={modal.close}>
            Keep them
          </Button>
          <Button
            color="red"
            onClick={() =>
              remove.mutateAsync(undefined).then(
                () => {
                  toastSuccess(`${customer.name} deleted.`);
                  navigate('/u/customers');
                },
                (error) => {
                  modal.close();
                  showSubmitError(error);
                },
              )
            }
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}

export default function CustomerLayout() {
  const { id = '' } = useParams();
  const { can } = useCan();
  const customer = useCustomer(id);
  if (!can(P.MODIFY_USERS)) return <NoAccess />;
  return (
    <DetailLayout<Customer>
      base={`/u/customers/${id}`}
      path={customerPath(id)}
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
      actions={(c) => <Actions customer={c} />}
      back={{ href: '/u/customers', label: '← Customers' }}
      tabs={[
        { value: '', label: 'Details' },
        { value: 'activities', label: 'Activities' },
        { value: 'interactions', label: 'Interactions' },
        { value: 'files', label: 'Files' },
        { value: 'settings', label: 'Settings' },
        { value: 'logs', label: 'Logs' },
      ]}
    />
  );
}
