import type { Employee } from '@atelier/contracts';
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRecord } from '../../../components/record/record-outlet';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { employees } from '../api';
import { EmployeeForm, employeeFormValues } from '../components/employee-form';

export default function EmployeeDetailsTab() {
  const { record } = useRecord<Employee>();
  const { can } = useCan();
  const update = employees.useUpdate(record._id);
  const reload = employees.useReload();
  return (
    <Stack>
      <Card withBorder padding="lg">
        <EmployeeForm
          employee={record}
          onSubmit={async (values) => {
            await update.mutateAsync({ ...values, version: record.version });
            toastSuccess('Employee saved.');
          }}
          reload={async () => employeeFormValues(await reload(record._id), can)}
        />
      </Card>
      <Text size="sm" c="dimmed">
        {record.status === 'invited'
          ? `Invited: ${record.email} has not set a password yet.`
          : `Last sign-in: ${record.lastSignInAt ? formatDateTime(record.lastSignInAt) : 'never'}.`}{' '}
        <Anchor component={Link} to={`/u/employees/${record._id}/customers`}>
          {record.customers} customer{record.customers === 1 ? '' : 's'} assigned
        </Anchor>
        {record.updatedBy && ` · Last changed by ${record.updatedBy.name}`}
      </Text>
    </Stack>
  );
}
