import {
  AMBASSADOR_KIND_LABELS,
  type Ambassador,
  type AmbassadorInput,
  ambassadorInputSchema,
} from '@atelier/contracts';
import { Stack } from '@mantine/core';
import { DuplicateWarning } from '../../../components/form/duplicate-warning';
import { Fields, formValues } from '../../../components/form/fields';
import { TagsNotesAndSave, useRecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useAmbassadorDuplicates } from '../api';

const valuesOf = (a?: Ambassador) =>
  formValues<AmbassadorInput>(ambassadorInputSchema, a, { kind: 'person', commissionPercent: 5 });

/** A referral partner's details, validated by the same contract as the server. */
export function AmbassadorForm({
  record,
  submitLabel,
  onSubmit,
  reload,
}: RecordFormProps<Ambassador, AmbassadorInput>) {
  const { form, submit, stale } = useRecordForm<AmbassadorInput>({
    schema: ambassadorInputSchema,
    values: valuesOf(record),
    onSubmit,
    reload: async () => valuesOf(reload ? await reload() : record),
  });
  const [name, email, phone] = form.watch(['name', 'email', 'phone']);
  const duplicates = useAmbassadorDuplicates({ name, email, phone }, record?._id);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Fields
          form={form}
          fields={[
            { name: 'kind', label: 'A person or a business', type: 'choice', choices: AMBASSADOR_KIND_LABELS },
            { name: 'name', label: 'Name' },
            { name: 'email', label: 'Email', type: 'email' },
            { name: 'phone', label: 'Phone', type: 'tel' },
            {
              name: 'referralCode',
              label: 'Referral code',
              description: record ? undefined : 'Leave empty to make one from the name.',
            },
            {
              name: 'commissionPercent',
              label: 'Commission',
              type: 'percent',
              description: "Of each referred customer's paid invoices",
              max: 50,
            },
          ]}
        />
        <DuplicateWarning
          matches={duplicates.data}
          title="This may already be an ambassador"
          href={(id) => `/u/ambassadors/${id}`}
        />
        <TagsNotesAndSave form={form} submitLabel={submitLabel} />
      </Stack>
      {stale.modal}
    </form>
  );
}
