import { P, type SettingsValues } from '@atelier/contracts';
import { Button, Card, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings, useSettings } from '../../settings/api';
import { useRoles } from '../api';
import { DepartmentsCard } from '../components/departments-card';

/** The role a new invitation starts with (employee settings, 53); the inviter may change it. */
function DefaultRoleCard({ current }: { current: SettingsValues<'employeeSettings'> }) {
  const roles = useRoles();
  const save = useSaveSettings('employeeSettings');
  const [role, setRole] = useState<string | null>(current.defaultRole);
  const [error, setError] = useState<string>();
  const submit = async () => {
    try {
      await save.mutateAsync({ defaultRole: role });
      setError(undefined);
      toastSuccess('Employee settings saved.');
    } catch (e) {
      setError((e as { fields?: Record<string, string> }).fields?.defaultRole);
      showSubmitError(e);
    }
  };
  return (
    <Card withBorder padding="lg" maw={640}>
      <Stack>
        <Select
          label="Role of a new invitation"
          description="Chosen for you when you invite someone; you can pick others before sending."
          placeholder="None"
          data={(roles.data ?? []).map((r) => ({ value: r._id, label: r.name }))}
          value={role}
          onChange={setRole}
          clearable
          error={error}
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /s/employee: how people join (the invitation's role, 53) and the firm's departments (70, 71). */
export default function EmployeeSettingsPage() {
  const { can } = useCan();
  const settings = useSettings();
  if (!can(P.EMPLOYEE_SETTINGS) && !can(P.MODIFY_DEPARTMENTS)) return <NoAccess />;
  return (
    <Stack>
      <PageHeader title="Employee settings" description="The role new colleagues start with, and your departments." />
      {can(P.EMPLOYEE_SETTINGS) &&
        (settings.isPending ? (
          <Loader />
        ) : settings.error ? (
          <Text c="red">{settings.error.message}</Text>
        ) : (
          <DefaultRoleCard current={settings.data.employeeSettings} />
        ))}
      {can(P.MODIFY_DEPARTMENTS) && <DepartmentsCard />}
    </Stack>
  );
}
