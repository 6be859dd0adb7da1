import type { Email, EmailInput } from '@atelier/contracts';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { MergeTextField } from './merge-text-field';

/**
 * An email's name (for the list; customers never see it), subject and preview line. Its blocks
 * are edited on the Editor tab and go back unchanged with a save here (PUT takes the whole email).
 */
export function EmailForm(props: RecordFormProps<Email, EmailInput>) {
  return (
    <RecordForm<Email, EmailInput>
      {...props}
      fields={[
        {
          name: 'name',
          label: 'Name',
          description: 'For you: customers never see it.',
          placeholder: 'Spring sale 2026',
        },
        {
          name: 'subject',
          label: 'Subject',
          render: (form, error) => <MergeTextField form={form} name="subject" label="Subject" required error={error} />,
        },
        {
          name: 'preheader',
          label: 'Preview line',
          render: (form, error) => (
            <MergeTextField
              form={form}
              name="preheader"
              label="Preview line"
              description="The line mail apps show after the subject."
              error={error}
            />
          ),
        },
      ]}
    />
  );
}
