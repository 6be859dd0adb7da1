import { type CustomerJob, KINDS } from '@atelier/contracts';
import { Button, Modal, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { api } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { projectTemplates } from '../../tasks/templates-api';
import { customerJobs } from '../api';

/** "Apply a template": the template's tasks on this job, dated from its start. */
export function ApplyTemplate({ job }: { job: CustomerJob }) {
  const { hasFeature } = useCan();
  const [open, setOpen] = useState(false);
  const [template, setTemplate] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const templates = projectTemplates.useList(open);
  const queryClient = useQueryClient();
  if (!hasFeature(KINDS.customer_job.feature)) return null;
  const apply = async () => {
    if (!template) return setError('Choose a template.');
    setBusy(true);
    try {
      const { created } = await api<{ created: number }>('POST', `${customerJobs.path(job._id)}/apply-template`, {
        template,
      });
      await queryClient.invalidateQueries({ queryKey: ['list', '/project-management'] });
      toastSuccess(`${created} ${created === 1 ? 'task' : 'tasks'} added to ${job.name}.`);
      setOpen(false);
    } catch (e) {
      showSubmitError(e);
      setError(e instanceof Error ? e.message : undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Apply a template
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Apply a template">
        <Stack>
          <Text size="sm">
            Its tasks are added to the job's board, each due its days after the job starts
            {job.startDate ? '' : ' (give the job a start date first)'}.
          </Text>
          <Select
            label="Template"
            data={(templates.data ?? []).map((t) => ({ value: t._id, label: `${t.name} (${t.tasks.length} tasks)` }))}
            value={template}
            onChange={(v) => {
              setTemplate(v);
              setError(undefined);
            }}
            error={error}
            placeholder={templates.isPending ? 'Loading…' : 'Choose a template'}
          />
          <DialogActions onCancel={() => setOpen(false)} confirm="Apply" onConfirm={apply} loading={busy} />
        </Stack>
      </Modal>
    </>
  );
}
