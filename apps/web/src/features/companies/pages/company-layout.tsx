import { type Company, P } from '@atelier/contracts';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate, useParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { DetailLayout } from '../../../components/record/detail-layout';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { companyPath, useArchiveCompany, useCompany, useDeleteCompany } from '../api';
import { TYPE_LABELS } from '../components/company-form';

function Actions({ company }: { company: Company }) {
  const { can } = useCan();
  const navigate = useNavigate();
  const archive = useArchiveCompany(company._id);
  const remove = useDeleteCompany(company._id);
  const [confirm, modal] = useDisclosure(false);
  if (!can(P.DELETE_COMPANIES)) return null;
  return (
    <>
      <Button
        variant="default"
        onClick={() =>
          archive
            .mutateAsync(!company.archived)
            .then(
              () => toastSuccess(company.archived ? `${company.name} restored.` : `${company.name} archived.`),
              showSubmitError,
            )
        }
      >
        {company.archived ? 'Restore' : 'Archive'}
      </Button>
      <Button variant="subtle" color="red" onClick={modal.open}>
        Delete
      </Button>
      <Modal opened={confirm} onClose={modal.close} title={`Delete ${company.name}?`} centered>
        <Text size="sm">
          Deleting removes the account for good. An account with contacts cannot be deleted; archive it instead, which
          hides it from lists and keeps its history.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={modal.close}>
            Keep it
          </Button>
          <Button
            color="red"
            onClick={() =>
              remove.mutateAsync(undefined).then(
                () => {
                  toastSuccess(`${company.name} deleted.`);
                  navigate('/u/companies');
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

export default function CompanyLayout() {
  const { id = '' } = useParams();
  const { can } = useCan();
  const company = useCompany(id);
  if (!can(P.MODIFY_COMPANIES)) return <NoAccess />;
  return (
    <DetailLayout<Company>
      base={`/u/companies/${id}`}
      path={companyPath(id)}
      record={company.data}
      loading={company.isPending}
      error={company.error}
      title={(c) => c.name}
      subtitle={(c) =>
        [TYPE_LABELS[c.type], c.phone, c.email, `${c.contacts} contact${c.contacts === 1 ? '' : 's'}`]
          .filter(Boolean)
          .join(' · ')
      }
      archived={(c) => c.archived}
      actions={(c) => <Actions company={c} />}
      back={{ href: '/u/companies', label: '← Accounts' }}
      tabs={[
        { value: '', label: 'Details' },
        { value: 'files', label: 'Files' },
        { value: 'interactions', label: 'Interactions' },
        { value: 'settings', label: 'Settings' },
        { value: 'logs', label: 'Logs' },
      ]}
    />
  );
}
