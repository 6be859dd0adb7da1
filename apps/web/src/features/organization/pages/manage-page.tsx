import { P, type StaffMember } from '@atelier/contracts';
import { Badge, Button, Card, Group, MultiSelect, Stack, Table, Text, Title } from '@mantine/core';
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

export default function ManagePage() {
  const { can } = useCan();
  const staff = useStaff(can(P.VIEW_PERMISSIONS));
  const roles = useRoles();
  const setRoles = useSetStaffRoles();
  const resend = useResendInvitation();
  if (!can(P.VIEW_PERMISSIONS)) return <NoAccess />;
  const editable = can(P.MODIFY_PERMISSIONS) && roles.data;
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
        {(data) => (
          <Table.ScrollContainer minWidth={640}>
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
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {`${member.first_name} ${member.last_name}`.trim()}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {member.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs">
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
                    </Table.Td>
                    <Table.Td miw={260}>
                      {editable ? (
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
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryCard>
    </Stack>
  );
}
