import { P, type SettingsValues } from '@atelier/contracts';
import { Button, Card, Group, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings } from '../../settings/api';
import { SettingsGroupPage } from '../../settings/components/settings-group-page';
import { useRoles } from '../api';
import { DepartmentsCard } from '../components/departments-card';
import { TimeRulesCard } from '../components/time-rules-card';

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

/**
 * /s/employee: how people join (the invitation's role, 53), how their time counts (53), and the
 * firm's departments (70, 71).
 */
export default function EmployeeSettingsPage() {
  const { can } = useCan();
  return (
    <SettingsGroupPage
      title="Employee settings"
      description="The role new colleagues start with, how time is counted, and your departments."
      allowed={can(P.EMPLOYEE_SETTINGS) || can(P.MODIFY_DEPARTMENTS)}
      form={(settings) =>
        can(P.EMPLOYEE_SETTINGS) && (
          <>
            <DefaultRoleCard current={settings.employeeSettings} />
            <TimeRulesCard current={settings.employeeSettings} />
          </>
        )
      }
    >
      {can(P.MODIFY_DEPARTMENTS) && <DepartmentsCard />}
    </SettingsGroupPage>
  );
}
