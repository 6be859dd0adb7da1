import { KINDS, type Lead, P } from '@atelier/contracts';
import { Checkbox, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DialogActions } from '../../../components/dialog-actions';
import { useMayOpen } from '../../../components/record/may-open';
import { ApiError } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { projectTemplates } from '../../tasks/templates-api';
import { useConvertLead } from '../api';

type JobPart = { name: string; startDate: string | null; template: string | null };

/** The job made with the customer: its name, start and the template its tasks come from. */
function JobFields({
  job,
  onChange,
  errors,
}: {
  job: JobPart;
  onChange: (job: JobPart) => void;
  errors: Record<string, string>;
}) {
  const templates = projectTemplates.useList();
  return (
    <Stack gap="xs" pl="xl">
      <TextInput
        label="Job name"
        value={job.name}
        onChange={(e) => onChange({ ...job, name: e.currentTarget.value })}
        error={errors['job.name']}
      />
      <TextInput
        label="Start"
        type="date"
        value={job.startDate ?? ''}
        onChange={(e) => onChange({ ...job, startDate: e.currentTarget.value || null })}
        error={errors['job.startDate'] ?? errors.startDate}
      />
      <Select
        label="Start from a template"
        placeholder="No template"
        data={(templates.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
        value={job.template}
        onChange={(template) => onChange({ ...job, template })}
        clearable
        error={errors['job.template'] ?? errors.template}
      />
    </Stack>
  );
}

/** Turns a lead into a customer (and an account for its company, and a job, when asked), then opens the job or the customer. */
export function ConvertModal({ lead, opened, onClose }: { lead: Lead; opened: boolean; onClose: () => void }) {
  const { can } = useCan();
  const navigate = useNavigate();
  const convert = useConvertLead(lead._id);
  const [createAccount, setCreateAccount] = useState(false);
  const offerAccount = Boolean(lead.companyName) && can(P.MODIFY_COMPANIES);
  const offerJob = useMayOpen(KINDS.customer_job);
  const [job, setJob] = useState<JobPart | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    try {
      const result = await convert.mutateAsync({
        createAccount: offerAccount && createAccount,
        job: offerJob ? job : null,
        version: lead.version,
      });
      toastSuccess(
        `${result.customer.name} is now a customer${result.company ? `, in the new account ${result.company.name}` : ''}${
          result.job ? `, with the job ${result.job.name}` : ''
        }.`,
      );
      onClose();
      navigate(result.job ? `/u/customer-jobs/${result.job._id}` : `/u/customers/${result.customer._id}`);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      showSubmitError(error);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Convert ${lead.name} into a customer`} centered>
      <Stack>
        <Text size="sm">
          A customer is made from the lead’s name, email, phone, source, assignee, tags and notes. Its interactions and
          files go along, and the lead is marked won.
        </Text>
        {offerAccount && (
          <Checkbox
            label={`Also create an account for ${lead.companyName}`}
            description="The customer becomes its first contact."
            checked={createAccount}
            onChange={(e) => setCreateAccount(e.currentTarget.checked)}
          />
        )}
        {offerJob && (
          <Checkbox
            label="Also create a job for them"
            description="Run by whoever had the lead; a template gives it its tasks."
            checked={job !== null}
            onChange={(e) =>
              setJob(e.currentTarget.checked ? { name: `Job for ${lead.name}`, startDate: null, template: null } : null)
            }
          />
        )}
        {job && <JobFields job={job} onChange={setJob} errors={errors} />}
        <DialogActions onCancel={onClose} confirm="Convert" onConfirm={submit} loading={convert.isPending} />
      </Stack>
    </Modal>
  );
}
