import type { Customer } from '@atelier/contracts';
import { Card, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRecord } from '../../../components/record/detail-layout';
import { api } from '../../../lib/api';
import { toastSuccess } from '../../../lib/toast';
import { customerDetailsKey, customerPath, useUpdateCustomer } from '../api';
import { CustomerForm, customerFormValues } from '../components/customer-form';

export default function CustomerDetailsTab() {
  const { record } = useRecord<Customer>();
  const update = useUpdateCustomer(record._id);
  const queryClient = useQueryClient();
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
          reload={async () => {
            const fresh = await api<Customer>('GET', customerPath(record._id));
            queryClient.setQueryData(customerDetailsKey(record._id), fresh);
            return customerFormValues(fresh);
          }}
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
