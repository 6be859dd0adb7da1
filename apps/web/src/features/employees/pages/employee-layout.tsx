import { type Employee, P } from '@atelier/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { DetailLayout } from '../../../components/record/detail-layout';
import { useCan } from '../../../lib/permissions';
import { useMaySeeSales } from '../../sales-analytics/api';
import { employees, STATUS_COLORS, STATUS_LABELS } from '../api';
import { EmployeeActions } from '../components/employee-actions';

export default function EmployeeLayout() {
  const { id = '' } = useParams();
  const { can } = useCan();
  const maySee = useMaySeeSales();
  const employee = employees.useRecord(id);
  if (!can(P.MODIFY_EMPLOYEES)) return <NoAccess />;
  return (
    <DetailLayout<Employee>
      resource={employees}
      id={id}
      record={employee.data}
      loading={employee.isPending}
      error={employee.error}
      title={(e) => e.name}
      subtitle={(e) => (
        <Group gap="xs" component="span">
          <Badge size="sm" variant="light" color={STATUS_COLORS[e.status]}>
            {STATUS_LABELS[e.status]}
          </Badge>
          <Text span size="sm" c="dimmed">
            {[e.title, e.department?.name, e.email].filter(Boolean).join(' · ')}
          </Text>
        </Group>
      )}
      actions={(e) => <EmployeeActions employee={e} />}
      showTab={(tab) =>
        tab.path === 'customers' ? can(P.MODIFY_USERS) : tab.path === 'analytics' ? maySee.employee : true
      }
    />
  );
}
