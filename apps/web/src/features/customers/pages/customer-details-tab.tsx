import type { Customer } from '@atelier/contracts';
import { Card, Stack, Text } from '@mantine/core';
import { useRecord } from '../../../components/record/detail-layout';
import { toastSuccess } from '../../../lib/toast';
import { customers } from '../api';
import { CustomerForm, customerFormValues } from '../components/customer-form';

export default function CustomerDetailsTab() {
  const { record } = useRecord<Customer>();
  const update = customers.useUpdate(record._id);
  const reload = customers.useReload();
  return (
    <Stack>
      <Card withBorder padding="lg">
        <CustomerForm
          customer={record}
          submitLabel="Save"
          onSubmit={async (values) => {
            await update.mutateAsync({ ...values, version: record.version });
            toastSuccess('Customer saved.');
          }}
          reload={async () => customerFormValues(await reload(record._id))}
        />
      </Card>
      {record.updatedBy && (
        <Text size="sm" c="dimmed">
          Last changed by {record.updatedBy.name}
        </Text>
      )}
    </Stack>
  );
}
