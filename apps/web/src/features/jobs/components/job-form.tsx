import { type CustomerJob, type CustomerJobInput, type JobSite, NO_JOB_SITE } from '@atelier/contracts';
import { Fieldset, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { CompanySelect, CustomerSelect } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import { usePeople } from '../../../components/people';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { projectTemplates } from '../../tasks/templates-api';

export const jobFormValues = (j?: CustomerJob): CustomerJobInput => ({
  customer: j?.customer?._id ?? null,
  company: j?.company?._id ?? null,
  name: j?.name ?? '',
  site: j?.site ?? NO_JOB_SITE,
  startDate: j?.startDate ?? null,
  endDate: j?.endDate ?? null,
  budgetRevenueCents: j?.budgetRevenueCents ?? 0,
  budgetCostCents: j?.budgetCostCents ?? 0,
  budgetHours: j?.budgetHours ?? 0,
  manager: j?.manager?._id ?? null,
  crew: j?.crew.map((c) => c._id) ?? [],
  tags: j?.tags ?? [],
  notes: j?.notes ?? '',
  template: null,
});

const SITE_FIELDS: [keyof JobSite, string][] = [
  ['line1', 'Street address'],
  ['line2', 'Apartment, suite…'],
  ['city', 'City'],
  ['region', 'State or region'],
  ['postalCode', 'Postal code'],
  ['country', 'Country'],
];

/** Where the work is done: every line may stay blank (a project may have no site). */
function SiteFields({ form }: { form: UseFormReturn<CustomerJobInput> }) {
  const errors = (form.formState.errors.site ?? {}) as Partial<Record<keyof JobSite, { message?: string }>>;
  return (
    <Fieldset legend="Job site">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {SITE_FIELDS.map(([key, label]) => (
          <TextInput key={key} label={label} {...form.register(`site.${key}`)} error={errors[key]?.message} />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}

/** The crew: staff members, several. Someone who has left stays listed until removed. */
function CrewField({ form, job }: { form: UseFormReturn<CustomerJobInput>; job?: CustomerJob }) {
  const people = usePeople();
  const options = new Map((people.data ?? []).map((p) => [p._id, p.name]));
  for (const member of job?.crew ?? []) if (!options.has(member._id)) options.set(member._id, member.name);
  return (
    <Controller
      control={form.control}
      name="crew"
      render={({ field, fieldState }) => (
        <MultiSelect
          label="Crew"
          description="Who works on the job"
          placeholder="Choose people"
          data={[...options].map(([value, label]) => ({ value, label }))}
          value={field.value ?? []}
          onChange={field.onChange}
          searchable
          clearable
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The project template a new job's tasks come from (none: no tasks yet). */
function TemplateField({ form, error }: { form: UseFormReturn<CustomerJobInput>; error?: string }) {
  const templates = projectTemplates.useList();
  return (
    <Controller
      control={form.control}
      name="template"
      render={({ field }) => (
        <Select
          label="Start from a template"
          description="Its tasks are made with real dates from the start date"
          placeholder="No template"
          data={(templates.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
          value={field.value ?? null}
          onChange={field.onChange}
          clearable
          error={error}
        />
      )}
    />
  );
}

/**
 * A job's details, validated by the same contract as the server: its customer (none for a project
 * of the firm's own), site, dates, budget and people. Its status moves by the page's buttons.
 */
export function JobForm(props: RecordFormProps<CustomerJob, CustomerJobInput>) {
  const job = props.record;
  return (
    <RecordForm
      {...props}
      values={jobFormValues}
      fields={[
        { name: 'name', label: 'Name', placeholder: 'Kitchen remodel' },
        {
          name: 'customer',
          label: 'Customer',
          render: (form, error) => (
            <Controller
              control={form.control}
              name="customer"
              render={({ field }) => (
                <CustomerSelect
                  label="Customer"
                  description="None: a project of your own (a showroom refit, a trade show)"
                  value={field.value ?? null}
                  onChange={(customer) => {
                    field.onChange(customer);
                    // Another customer's job is their own account's, unless one is chosen again.
                    if (customer !== field.value) form.setValue('company', null, { shouldDirty: true });
                  }}
                  initial={job?.customer}
                  error={error}
                />
              )}
            />
          ),
        },
        {
          name: 'company',
          label: 'Account',
          // A project (no customer) has no account.
          render: (form, error) =>
            form.watch('customer') ? (
              <Controller
                control={form.control}
                name="company"
                render={({ field }) => (
                  <CompanySelect
                    label="Account"
                    description="The customer's own unless you choose another"
                    value={field.value ?? null}
                    onChange={field.onChange}
                    initial={job?.company}
                    error={error}
                  />
                )}
              />
            ) : null,
        },
        { name: 'manager', label: 'Manager', type: 'person' },
        { name: 'startDate', label: 'Start', type: 'date' },
        { name: 'endDate', label: 'End', type: 'date' },
        { name: 'budgetRevenueCents', label: 'Budgeted revenue', type: 'money', description: 'What the job brings in' },
        {
          name: 'budgetCostCents',
          label: 'Budgeted cost',
          type: 'money',
          description: 'Materials, labour and the rest',
        },
        {
          name: 'budgetHours',
          label: 'Budgeted hours',
          type: 'number',
          decimals: 2,
          suffix: ' h',
          description: 'Labour the job should take',
        },
        { name: 'crew', label: 'Crew', render: (form) => <CrewField form={form} job={job} /> },
        // A new job may start with a template's tasks; an existing one applies one from its page.
        ...(job
          ? []
          : [
              {
                name: 'template' as const,
                label: 'Start from a template',
                render: (form: UseFormReturn<CustomerJobInput>, error?: string) => (
                  <TemplateField form={form} error={error} />
                ),
              },
            ]),
      ]}
    >
      {(form) => <SiteFields form={form} />}
    </RecordForm>
  );
}
