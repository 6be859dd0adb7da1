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
import { DialogActions } from '../../../components/dialog-actions';
import { PermissionChecklist } from '../../../components/form/permission-checklist';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteRole, useRoles, useSaveRole } from '../api';

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
        <DialogActions
          onCancel={onClose}
          confirm="Save role"
          loading={save.isPending}
          onConfirm={async () => {
            try {
              await save.mutateAsync({ id: draft.id, version: draft.version, name, permissions: codes });
              toastSuccess(`Role "${name}" saved.`);
              onClose();
            } catch (error) {
              setNameError((error as { fields?: Record<string, string> }).fields?.name);
              showSubmitError(error);
            }
          }}
        />
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

/** /s/organization: the firm's roles (72, 73). Departments are on /s/employee. */
export default function OrganizationPage() {
  const { can } = useCan();
  if (!can(P.MODIFY_ROLES)) return <NoAccess />;
  return (
    <Stack>
      <PageHeader
        title="Roles"
        description="A role is a named set of permissions; people get what their roles allow."
      />
      <Roles />
    </Stack>
  );
}
