import type { Company } from '@atelier/contracts';
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useRecord } from '../../../components/record/detail-layout';
import { api } from '../../../lib/api';
import { toastSuccess } from '../../../lib/toast';
import { companyPath, useUpdateCompany } from '../api';
import { CompanyForm, companyFormValues } from '../components/company-form';

export default function CompanyDetailsTab() {
  const { record } = useRecord<Company>();
  const update = useUpdateCompany(record._id);
  const queryClient = useQueryClient();
  return (
    <Stack>
      <Card withBorder padding="lg">
        <CompanyForm
          company={record}
          submitLabel="Save"
          onSubmit={async (values) => {
            await update.mutateAsync({ ...values, version: record.version });
            toastSuccess('Account saved.');
          }}
          reload={async () => {
            const fresh = await api<Company>('GET', companyPath(record._id));
            queryClient.setQueryData(['record', companyPath(record._id), 'details'], fresh);
            return companyFormValues(fresh);
          }}
        />
      </Card>
      <Text size="sm">
        <Anchor component={Link} to={`/u/customers?filter%5Bcompany%5D%5B%5D=${record._id}`}>
          See its {record.contacts} contact{record.contacts === 1 ? '' : 's'}
        </Anchor>
        {' · '}
        <Anchor component={Link} to={`/u/customers/new?company=${record._id}`}>
          Add a contact
        </Anchor>
        {record.updatedBy && (
          <Text span c="dimmed">
            {' '}
            · Last changed by {record.updatedBy.name}
          </Text>
        )}
      </Text>
    </Stack>
  );
}
