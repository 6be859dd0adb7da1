import { EMPLOYEE_STATUSES, type EmployeeRow, P } from '@atelier/contracts';
import { Badge, Button, Group, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ListPage } from '../../../components/list/list-page';
import type { Column } from '../../../components/list/types';
import { NoAccess } from '../../../components/no-access';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useDepartments, useRoles } from '../../organization/api';
import { InviteForm } from '../../organization/components/invite-form';
import { STATUS_COLORS, STATUS_LABELS } from '../api';

const COLUMNS: Column<EmployeeRow>[] = [
  { key: 'name', label: 'Name', sort: 'name', render: (r) => r.name },
  { key: 'title', label: 'Title', render: (r) => r.title },
  { key: 'department', label: 'Department', render: (r) => r.department ?? '' },
  {
    key: 'roles',
    label: 'Roles',
    render: (r) => (
      <Group gap={4}>
        {r.roles.map((role) => (
          <Badge key={role} size="sm" variant="light" tt="none">
            {role}
          </Badge>
        ))}
      </Group>
    ),
  },
  {
    key: 'status',
    label: 'Status',
    render: (r) => (
      <Badge size="sm" variant="light" color={STATUS_COLORS[r.status]}>
        {STATUS_LABELS[r.status]}
      </Badge>
    ),
  },
  { key: 'email', label: 'Email', render: (r) => r.email },
  { key: 'phone', label: 'Phone', render: (r) => r.phone, hidden: true },
  { key: 'hired', label: 'Hired', render: (r) => (r.hireDate ? formatDate(r.hireDate) : ''), hidden: true },
  {
    key: 'signin',
    label: 'Last sign-in',
    render: (r) => (r.lastSignInAt ? formatDateTime(r.lastSignInAt) : 'Never'),
    hidden: true,
  },
  { key: 'created', label: 'Added', sort: 'created', render: (r) => formatDateTime(r.createdAt), hidden: true },
];

function InviteButton() {
  const [opened, modal] = useDisclosure(false);
  const roles = useRoles(opened);
  const navigate = useNavigate();
  return (
    <>
      <Button leftSection={<IconUserPlus size={16} />} onClick={modal.open}>
        Invite employee
      </Button>
      <Modal opened={opened} onClose={modal.close} title="Invite an employee" size="lg" centered>
        <InviteForm
          roles={roles.data ?? []}
          onInvited={(member) => {
            modal.close();
            navigate(`/u/employees/${member._id}`);
          }}
        />
      </Modal>
    </>
  );
}

export default function EmployeesListPage() {
  const { can } = useCan();
  const departments = useDepartments(can(P.MODIFY_EMPLOYEES));
  const roles = useRoles(can(P.MODIFY_EMPLOYEES));
  if (!can(P.MODIFY_EMPLOYEES)) return <NoAccess />;
  return (
    <ListPage<EmployeeRow>
      listKey="employees"
      title="Employees"
      description="Your firm's staff: who they are, what they may do, and what they look after."
      endpoint="/employees"
      noun={{ one: 'employee', many: 'employees' }}
      defaultSort="name"
      columns={COLUMNS}
      filters={[
        {
          key: 'status',
          label: 'Status',
          options: EMPLOYEE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
        },
        {
          key: 'department',
          label: 'Department',
          options: [
            { value: 'none', label: 'No department' },
            ...(departments.data ?? []).map((d) => ({ value: d._id, label: d.name })),
          ],
        },
        { key: 'role', label: 'Role', options: (roles.data ?? []).map((r) => ({ value: r._id, label: r.name })) },
      ]}
      rowHref={(r) => `/u/employees/${r._id}`}
      rowLabel={(r) => r.name}
      actions={<InviteButton />}
      exportPermission={P.EXPORT_USERS}
      bulkAssign={false}
    />
  );
}
