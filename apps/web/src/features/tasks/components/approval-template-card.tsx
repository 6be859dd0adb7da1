import { P } from '@atelier/contracts';
import { Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings, useSettings } from '../../settings/api';
import { projectTemplates } from '../templates-api';

/**
 * The template a job made from an approved proposal starts with (its tasks dated from the day of
 * approval): the customer-job settings' `projectTemplate`. Shown where the firm writes proposals
 * and the person may change the customer-job settings (162).
 */
export function ApprovalTemplateCard() {
  const { can, hasFeature } = useCan();
  const settings = useSettings().data;
  const templates = projectTemplates.useList();
  const save = useSaveSettings('customerJobSettings');
  const current = settings?.customerJobSettings.projectTemplate ?? null;
  const [chosen, setChosen] = useState<string | null>(current);
  useEffect(() => setChosen(current), [current]);
  if (!hasFeature('proposals') || !can(P.CUSTOMER_JOB_SETTINGS) || !settings) return null;
  const submit = async () => {
    try {
      await save.mutateAsync({ projectTemplate: chosen });
      toastSuccess(
        chosen
          ? 'Jobs from approved proposals now start with this template.'
          : 'Jobs from approved proposals now start without a template.',
      );
    } catch (error) {
      showSubmitError(error);
    }
  };
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Jobs from approved proposals
        </Text>
        <Text size="sm" c="dimmed">
          When a client approves a proposal that has no job yet, a job is made for it. It can start with a template's
          tasks, each due its days after the approval.
        </Text>
        <Group align="flex-end">
          <Select
            label="Start them with"
            placeholder="No template"
            clearable
            data={(templates.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
            value={chosen}
            onChange={setChosen}
            w={320}
            maw="100%"
          />
          <Button onClick={submit} loading={save.isPending} disabled={chosen === current}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
