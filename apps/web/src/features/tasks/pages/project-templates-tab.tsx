import type { ProjectTemplate } from '@atelier/contracts';
import { Anchor, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DeleteDialog } from '../../../components/delete-dialog';
import { ScrollTable } from '../../../components/scroll-table';
import { ApprovalTemplateCard } from '../components/approval-template-card';
import { projectTemplates } from '../templates-api';

const BASE = '/s/project-management/templates';
/** How long a template's plan runs: its last task's day. */
const span = (t: ProjectTemplate) => Math.max(...t.tasks.map((task) => task.day));

/** /s/project-management/templates: the plans jobs start from, each opened to edit. */
export default function ProjectTemplatesTab() {
  const templates = projectTemplates.useList();
  const remove = projectTemplates.useDelete();
  const [removing, setRemoving] = useState<ProjectTemplate | null>(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={640}>
          A template is a job's starting tasks, each due some days after the job starts and given to one of the job's
          people. Choose one when you create a job, or apply it from the job's page.
        </Text>
        <Button component={Link} to={`${BASE}/new`}>
          New template
        </Button>
      </Group>
      <Card withBorder padding="sm">
        {!templates.data ? (
          <Loader aria-label="Loading the templates" />
        ) : templates.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No template yet.
          </Text>
        ) : (
          <ScrollTable
            minWidth={640}
            head={['Template', 'Tasks', 'Runs', 'Description', 'Actions']}
            rows={templates.data.map((t) => ({
              key: t._id,
              cells: [
                <Anchor key="n" component={Link} to={`${BASE}/${t._id}`} fw={600} size="sm">
                  {t.name}
                </Anchor>,
                String(t.tasks.length),
                `${span(t)} days`,
                <Text key="d" size="sm" lineClamp={1}>
                  {t.description}
                </Text>,
                <Button
                  key="x"
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => setRemoving(t)}
                  aria-label={`Delete ${t.name}`}
                >
                  Delete
                </Button>,
              ],
            }))}
          />
        )}
      </Card>
      <ApprovalTemplateCard />
      <DeleteDialog
        name={removing?.name ?? null}
        text="Jobs made from it keep their tasks."
        remove={() => remove.mutateAsync(removing!._id)}
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
