import type { Customer, CustomerInput } from '@atelier/contracts';
import { Stack, Text } from '@mantine/core';
import { useRecord } from '../../../components/record/detail-layout';
import { RecordDetailsCard } from '../../../components/record/record-pages';
import { customers } from '../api';
import { CustomerForm } from '../components/customer-form';

export default function CustomerDetailsTab() {
  const { record } = useRecord<Customer>();
  return (
    <Stack>
      <RecordDetailsCard<Customer, CustomerInput> resource={customers} form={(props) => <CustomerForm {...props} />} />
      {record.updatedBy && (
        <Text size="sm" c="dimmed">
          Last changed by {record.updatedBy.name}
        </Text>
      )}
    </Stack>
  );
}
