import { firmSettingsSchema } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { MoneyAccountsCard } from '../components/money-accounts-card';
import { useFirmSettings } from '../firm-settings';

const schema = firmSettingsSchema.shape.banking;

export default function FirmBankingTab() {
  const firm = useFirmSettings();
  const form = useForm({ resolver: zodResolver(schema), values: firm.current!.banking });
  const submit = form.handleSubmit(async (banking) => {
    try {
      await firm.save({ banking });
      toastSuccess('Banking details saved.');
    } catch (error) {
      showSubmitError(error);
    }
  });
  const e = form.formState.errors;
  return (
    <Stack>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              Where customers send payments. Invoices will show these details once the accounting module prints them.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Bank" {...form.register('bankName')} error={e.bankName?.message} />
              <TextInput label="Account name" {...form.register('accountName')} error={e.accountName?.message} />
              <TextInput label="Account number" {...form.register('accountNumber')} error={e.accountNumber?.message} />
              <TextInput label="Routing number" {...form.register('routingNumber')} error={e.routingNumber?.message} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={form.formState.isSubmitting}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {/* What the firm pays from (decision 0045): listed below the details customers pay into. */}
      <MoneyAccountsCard />
    </Stack>
  );
}
