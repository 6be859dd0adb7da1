import { P, permissionLabel, type Role } from '@atelier/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PermissionChecklist } from '../../../components/form/permission-checklist';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteDepartment, useDeleteRole, useDepartments, useRoles, useSaveDepartment, useSaveRole } from '../api';

type Draft = { id?: string; version?: number; name: string; permissions: number[] };

/** A role's permissions as grouped checklists; codes the editor may not grant are disabled. */
function RoleEditor({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const save = useSaveRole();
  const [name, setName] = useState(draft.name);
  const [codes, setCodes] = useState<number[]>(draft.permissions);
  const [nameError, setNameError] = useState<string>();
  return (
    <Modal
      opened
      onClose={onClose}
      title={draft.id ? `Edit ${draft.name}` : 'New role'}
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack>
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={nameError}
          data-autofocus
        />
        <PermissionChecklist value={codes} onChange={setCodes} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={save.isPending}
            onClick={async () => {
              try {
                await save.mutateAsync({ id: draft.id, version: draft.version, name, permissions: codes });
                toastSuccess(`Role "${name}" saved.`);
                onClose();
              } catch (error) {
                setNameError((error as { fields?: Record<string, string> }).fields?.name);
                showSubmitError(error);
              }
            }}
          >
            Save role
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Roles() {
  const { can } = useCan();
  const roles = useRoles();
  const remove = useDeleteRole();
  const [draft, setDraft] = useState<Draft | null>(null);
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Roles
        </Title>
        <Button size="xs" onClick={() => setDraft({ name: '', permissions: [] })}>
          New role
        </Button>
      </Group>
      {roles.isPending ? (
        <Text c="dimmed">Loading…</Text>
      ) : roles.isError ? (
        <Text c="red">{roles.error.message}</Text>
      ) : (
        <Stack gap="sm">
          {roles.data.map((role: Role) => (
            <Group key={role._id} justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {role.name}{' '}
                  <Text span size="xs" c="dimmed">
                    · {role.users} {role.users === 1 ? 'person' : 'people'}
                  </Text>
                </Text>
                <Group gap={4} mt={4}>
                  {role.permissions.map((code) => (
                    <Badge key={code} size="xs" variant="light" tt="none">
                      {permissionLabel(code)}
                    </Badge>
                  ))}
                </Group>
              </div>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Edit ${role.name}`}
                  onClick={() =>
                    setDraft({ id: role._id, version: role.version, name: role.name, permissions: role.permissions })
                  }
                >
                  <IconPencil size={16} />
                </ActionIcon>
                {can(P.DELETE_ROLES) && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${role.name}`}
                    onClick={() =>
                      remove.mutateAsync(role._id).then(
                        () => toastSuccess(`Role "${role.name}" deleted.`),
                        (e) => showSubmitError(e),
                      )
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {draft && <RoleEditor draft={draft} onClose={() => setDraft(null)} />}
    </Card>
  );
}

function Departments() {
  const { can } = useCan();
  const departments = useDepartments();
  const save = useSaveDepartment();
  const remove = useDeleteDepartment();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const add = async () => {
    try {
      await save.mutateAsync({ name });
      setName('');
      setError(undefined);
    } catch (e) {
      setError((e as { fields?: Record<string, string> }).fields?.name);
      showSubmitError(e);
    }
  };
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Departments
      </Title>
      <Stack gap="xs">
        {departments.data?.map((d) => (
          <Group key={d._id} justify="space-between">
            <Text size="sm">
              {d.name}{' '}
              <Text span size="xs" c="dimmed">
                · {d.users} {d.users === 1 ? 'person' : 'people'}
              </Text>
            </Text>
            {can(P.DELETE_DEPARTMENTS) && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${d.name}`}
                onClick={() => remove.mutateAsync(d._id).catch((e) => showSubmitError(e))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {departments.data?.length === 0 && (
          <Text c="dimmed" size="sm">
            No departments yet.
          </Text>
        )}
        <Group align="flex-start" mt="xs">
          <TextInput
            placeholder="New department"
            aria-label="New department"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && add()}
            error={error}
            style={{ flex: 1 }}
          />
          <Button onClick={add} loading={save.isPending} variant="default">
            Add
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export default function OrganizationPage() {
  const { can } = useCan();
  if (!can(P.MODIFY_ROLES) && !can(P.MODIFY_DEPARTMENTS)) return <NoAccess />;
  return (
    <Stack>
      <PageHeader
        title="Roles and departments"
        description="A role is a named set of permissions; people get what their roles allow."
      />
      {can(P.MODIFY_ROLES) && <Roles />}
      {can(P.MODIFY_DEPARTMENTS) && <Departments />}
    </Stack>
  );
}
