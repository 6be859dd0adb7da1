import {
  KINDS,
  LIEN_DOCUMENT_KIND_LABELS,
  LIEN_FLAG_LABELS,
  LIEN_FLAGS,
  LIEN_PROJECT_TYPE_LABELS,
  LIEN_ROLE_LABELS,
  LIEN_SETTABLE_STATUSES,
  LIEN_STATUS_LABELS,
  type Lien,
  type LienInput,
  type lienInputSchema,
  recordApiPath,
} from '@atelier/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Controller, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { FieldSpec } from '../../../components/form/fields';
import { JobSelect } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import { useFiles } from '../../../components/record/api';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { api } from '../../../lib/api';
import { stateOptions } from '../us-states';
import { lienValues } from './lien-values';

type Values = z.output<typeof lienInputSchema>;

const options = (labels: Readonly<Record<string, string>>, keys?: readonly string[]) =>
  (keys ?? Object.keys(labels)).map((value) => ({ value, label: labels[value]! }));

function FlagsField({ form, error }: { form: UseFormReturn<Values>; error?: string }) {
  return (
    <Controller
      control={form.control}
      name="flags"
      render={({ field }) => (
        <Checkbox.Group
          label="The project is"
          description="Some states' rules turn on these"
          value={field.value}
          onChange={field.onChange}
          error={error}
          style={{ gridColumn: '1 / -1' }}
        >
          <Group mt="xs" gap="md">
            {LIEN_FLAGS.map((flag) => (
              <Checkbox key={flag} value={flag} label={LIEN_FLAG_LABELS[flag]} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    />
  );
}

/** The job a new lien starts with (from the job's page), by name for its picker. */
function useStartingJob(id: string | null) {
  return useQuery({
    queryKey: ['lien-prefill', KINDS.customer_job.apiPath, id],
    queryFn: () => api<{ _id: string; name: string }>('GET', recordApiPath(KINDS.customer_job, id!)),
    enabled: Boolean(id),
    select: (r) => ({ _id: r._id, name: r.name }),
  }).data;
}

function fields(record: Lien | undefined, initialJob: { _id: string; name: string } | null): FieldSpec<Values>[] {
  return [
    {
      name: 'customerJob',
      label: 'Job',
      render: (f, error) => (
        <Controller
          control={f.control}
          name="customerJob"
          render={({ field }) => (
            <JobSelect
              label="Job"
              required
              description="One lien record per job"
              value={field.value || null}
              initial={record ? record.customerJob : initialJob}
              onChange={(v) => field.onChange(v ?? '')}
              error={error}
            />
          )}
        />
      ),
    },
    {
      name: 'state',
      label: 'State',
      render: (f, error) => (
        <Controller
          control={f.control}
          name="state"
          render={({ field }) => (
            <Select
              label="State"
              withAsterisk
              description="Where the property is: its rules give the deadlines"
              data={stateOptions(field.value || null)}
              searchable
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              allowDeselect={false}
              error={error}
            />
          )}
        />
      ),
    },
    { name: 'role', label: 'Your role', type: 'select', choices: LIEN_ROLE_LABELS },
    { name: 'projectType', label: 'Project', type: 'choice', choices: LIEN_PROJECT_TYPE_LABELS },
    { name: 'flags', label: 'The project is', render: (f, error) => <FlagsField form={f} error={error} /> },
    {
      name: 'firstFurnishingDate',
      label: 'First furnishing',
      type: 'date',
      description: 'The first day of work or delivery',
    },
    {
      name: 'lastFurnishingDate',
      label: 'Last furnishing',
      type: 'date',
      description: 'The last day of work or delivery',
    },
    { name: 'completionDate', label: 'Completion', type: 'date', description: 'Of the work as the state defines it' },
    {
      name: 'noticeOfCompletionDate',
      label: 'Notice of completion',
      type: 'date',
      description: 'The day the owner recorded one, if they did',
    },
    { name: 'recordingDate', label: 'Lien recorded', type: 'date', description: 'The day the lien was recorded' },
    {
      name: 'status',
      label: 'Status',
      render: (f, error) => (
        <Controller
          control={f.control}
          name="status"
          render={({ field }) => (
            <Select
              label="Status"
              description={record?.status === 'expired' ? 'Expired: a recording or suit deadline passed' : undefined}
              data={options(LIEN_STATUS_LABELS, LIEN_SETTABLE_STATUSES)}
              value={field.value}
              onChange={(v) => field.onChange(v ?? 'notice_due')}
              allowDeselect={false}
              error={error}
            />
          )}
        />
      ),
    },
    { name: 'propertyAddress', label: 'Property address' },
    { name: 'propertyOwner', label: 'Property owner', description: 'As the county record names them' },
    { name: 'hiringParty', label: 'Hired by', description: 'Who the firm contracted with' },
    {
      name: 'amountOwedCents',
      label: 'Amount owed',
      type: 'money',
      description: record ? 'Empty: the job’s unpaid invoices' : 'Leave empty to follow the job’s unpaid invoices',
    },
    { name: 'responsible', label: 'Responsible', type: 'person', description: 'Reminded before each deadline' },
  ];
}

/** A proof: one of the lien's files (uploaded on its Files tab). */
function ProofSelect(props: {
  lien: Lien;
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string;
}) {
  const files = useFiles(recordApiPath(KINDS.lien, props.lien._id));
  return (
    <Select
      label="Proof"
      placeholder={files.data?.length === 0 ? 'Upload it on the Files tab' : 'One of its files'}
      data={(files.data ?? []).map((f) => ({ value: f._id, label: f.name }))}
      value={props.value}
      onChange={(v) => props.onChange(v ?? null)}
      clearable
      error={props.error}
    />
  );
}

/** The lien's papers: a notice, the filing, a suit, a release, each with the day it went out and its proof. */
function Documents({ form, lien }: { form: UseFormReturn<Values>; lien: Lien | undefined }) {
  const list = useFieldArray({ control: form.control, name: 'documents' });
  const errors = form.formState.errors.documents;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Notices, filings and releases
          </Title>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => list.append({ kind: 'notice', title: '', sentOn: null, proof: null })}
          >
            Add a document
          </Button>
        </Group>
        {list.fields.length === 0 && (
          <Text size="sm" c="dimmed">
            None yet. Add each notice sent, the lien filed, a suit and a release: a notice sent counts its deadline as
            done.
          </Text>
        )}
        {list.fields.map((item, i) => (
          <SimpleGrid key={item.id} cols={{ base: 1, sm: 5 }} spacing="xs">
            <Controller
              control={form.control}
              name={`documents.${i}.kind`}
              render={({ field }) => (
                <Select
                  label="Kind"
                  data={options(LIEN_DOCUMENT_KIND_LABELS)}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? 'notice')}
                  allowDeselect={false}
                  error={errors?.[i]?.kind?.message}
                />
              )}
            />
            <TextInput
              label="Title"
              placeholder="Preliminary notice to the owner"
              {...form.register(`documents.${i}.title`)}
              error={errors?.[i]?.title?.message}
            />
            <TextInput
              label="Sent or filed"
              type="date"
              {...form.register(`documents.${i}.sentOn`, { setValueAs: (v) => v || null })}
              error={errors?.[i]?.sentOn?.message}
            />
            <Controller
              control={form.control}
              name={`documents.${i}.proof`}
              render={({ field }) =>
                lien ? (
                  <ProofSelect
                    lien={lien}
                    value={field.value ?? null}
                    onChange={field.onChange}
                    error={errors?.[i]?.proof?.message}
                  />
                ) : (
                  <Select label="Proof" placeholder="Save first, then upload" disabled data={[]} />
                )
              }
            />
            <Group align="flex-end">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove document ${i + 1}`}
                onClick={() => list.remove(i)}
                mb={4}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </SimpleGrid>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * A lien record: the job, where and as whom the firm worked, the dates its deadlines run from,
 * the people and the amount, its status and its papers.
 */
export function LienForm(props: RecordFormProps<Lien, LienInput>) {
  const { record } = props;
  const [search] = useSearchParams();
  const job = record ? null : search.get('job');
  const startingJob = useStartingJob(job);
  return (
    <RecordForm<Lien, Values>
      {...(props as unknown as RecordFormProps<Lien, Values>)}
      values={(r) => lienValues(r, { job })}
      fields={fields(record, startingJob ?? null)}
    >
      {(form) => (
        <>
          {record?.status === 'expired' && (
            <Alert color="red" variant="light">
              This lien expired: a recording or suit deadline passed with nothing done for it. Saving keeps it expired
              unless the dates or papers show otherwise, or it is released.
            </Alert>
          )}
          <Documents form={form} lien={record} />
        </>
      )}
    </RecordForm>
  );
}
