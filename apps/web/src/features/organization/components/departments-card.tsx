import { P } from '@atelier/contracts';
import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { useDeleteDepartment, useDepartments, useSaveDepartment } from '../api';

/** The firm's departments: add (70), delete (71), with how many people each has. */
export function DepartmentsCard() {
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
