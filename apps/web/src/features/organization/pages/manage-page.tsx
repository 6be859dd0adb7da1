import { P, type StaffMember } from '@atelier/contracts';
import { Badge, Button, Card, Group, MultiSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { QueryCard } from '../../../components/query-card';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useResendInvitation, useRoles, useSetStaffRoles, useStaff } from '../api';
import { InviteForm } from '../components/invite-form';

function Status({ member }: { member: StaffMember }) {
  if (!member.active) return <Badge color="gray">Inactive</Badge>;
  if (member.invited) return <Badge color="yellow">Invited</Badge>;
  return <Badge color="green">Active</Badge>;
}

/** Everyone in the firm: a table from 768 px, a card each below (the roles under the name). */
function Members({ data }: { data: StaffMember[] }) {
  const { can } = useCan();
  const roles = useRoles();
  const setRoles = useSetStaffRoles();
  const resend = useResendInvitation();
  const phone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false });
  const editable = can(P.MODIFY_PERMISSIONS) && roles.data;
  const name = (member: StaffMember) => (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={500}>
        {`${member.first_name} ${member.last_name}`.trim()}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {member.email}
      </Text>
    </div>
  );
  const status = (member: StaffMember) => (
    <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
      <Status member={member} />
      {member.invited && can(P.MODIFY_EMPLOYEES) && (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() =>
            resend.mutateAsync(member._id).then(
              () => toastSuccess(`Invitation sent again to ${member.email}.`),
              (error) => showSubmitError(error),
            )
          }
        >
          Resend
        </Button>
      )}
    </Group>
  );
  const memberRoles = (member: StaffMember) =>
    editable ? (
      <MultiSelect
        aria-label={`Roles of ${member.first_name}`}
        data={roles.data.map((r) => ({ value: r._id, label: r.name }))}
        value={member.roles.map((r) => r._id)}
        onChange={(ids) =>
          setRoles.mutateAsync({ id: member._id, roles: ids }).then(
            () => toastSuccess(`Roles of ${member.first_name} saved.`),
            (error) => showSubmitError(error),
          )
        }
      />
    ) : (
      <Text size="sm">{member.roles.map((r) => r.name).join(', ') || '—'}</Text>
    );

  if (phone)
    return (
      <Stack gap={0}>
        {data.map((member, i) => (
          <Stack
            key={member._id}
            gap="xs"
            p="md"
            style={i < data.length - 1 ? { borderBottom: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              {name(member)}
              {status(member)}
            </Group>
            {memberRoles(member)}
          </Stack>
        ))}
      </Stack>
    );
  return (
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Roles</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.map((member) => (
          <Table.Tr key={member._id}>
            <Table.Td>{name(member)}</Table.Td>
            <Table.Td>{status(member)}</Table.Td>
            <Table.Td miw={260}>{memberRoles(member)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default function ManagePage() {
  const { can } = useCan();
  const staff = useStaff(can(P.VIEW_PERMISSIONS));
  const roles = useRoles();
  if (!can(P.VIEW_PERMISSIONS)) return <NoAccess />;
  return (
    <Stack>
      <PageHeader
        title="People and roles"
        description="Everyone who signs in to your firm, and what their roles allow."
      />
      {can(P.MODIFY_EMPLOYEES) && (
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Invite someone
          </Title>
          <InviteForm roles={roles.data ?? []} />
        </Card>
      )}
      <QueryCard query={staff} empty="Nobody has joined yet.">
        {(data) => <Members data={data} />}
      </QueryCard>
    </Stack>
  );
}
