import { P, SETTINGS_GROUPS, type SettingsValues } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  fromRows,
  LabelListField,
  labelRows,
  setServerErrors,
  toRows,
} from '../../../components/form/label-list-field';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings } from '../../settings/api';
import { SettingsGroupPage } from '../../settings/components/settings-group-page';

type ExpenseSettings = SettingsValues<'expenseSettings'>;
const contract = SETTINGS_GROUPS.expenseSettings.schema.shape;
const formSchema = z.object({ categories: labelRows(contract.categories.element, 'category') });
type FormValues = z.input<typeof formSchema>;

function ExpenseSettingsForm({ current }: { current: ExpenseSettings }) {
  const save = useSaveSettings('expenseSettings');
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    values: { categories: toRows(current.categories) },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ categories: fromRows(values.categories) });
      toastSuccess('Expense settings saved.');
    } catch (error) {
      showSubmitError(error);
      setServerErrors(form.setError, error, ['categories']);
    }
  });
  return (
    <Card withBorder padding="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            An expense is filed under one of these categories. One taken off the list stays on the expenses that have
            it; commission payouts are filed under Commissions whatever the list says.
          </Text>
          <LabelListField
            form={form}
            name="categories"
            label="Categories"
            description="In the order the expense form offers them."
            noun="category"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /s/expense (174): the categories expenses are filed under. */
export default function ExpenseSettingsPage() {
  const { can } = useCan();
  return (
    <SettingsGroupPage
      title="Expense settings"
      description="The categories money spent is filed under."
      allowed={can(P.EXPENSE_SETTINGS)}
      form={(settings) => <ExpenseSettingsForm current={settings.expenseSettings} />}
    />
  );
}
