import type { Company } from '@atelier/contracts';
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRecord } from '../../../components/record/detail-layout';
import { toastSuccess } from '../../../lib/toast';
import { companies } from '../api';
import { CompanyForm, companyFormValues } from '../components/company-form';

export default function CompanyDetailsTab() {
  const { record } = useRecord<Company>();
  const update = companies.useUpdate(record._id);
  const reload = companies.useReload();
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
          reload={async () => companyFormValues(await reload(record._id))}
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
