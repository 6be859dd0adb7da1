import type { Company, CompanyInput } from '@atelier/contracts';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRecord } from '../../../components/record/detail-layout';
import { RecordDetailsCard } from '../../../components/record/record-pages';
import { companies } from '../api';
import { CompanyForm } from '../components/company-form';

export default function CompanyDetailsTab() {
  const { record } = useRecord<Company>();
  return (
    <Stack>
      <RecordDetailsCard<Company, CompanyInput> resource={companies} form={(props) => <CompanyForm {...props} />} />
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
