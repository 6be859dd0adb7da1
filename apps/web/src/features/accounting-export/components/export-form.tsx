import {
  ACCOUNTING_ADAPTER_INFO,
  ACCOUNTING_ADAPTERS,
  type AccountingAdapter,
  type AccountingExportInput,
  accountingExportInputSchema,
  calendarAddDays,
} from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { exportFileUrl, useRunExport } from '../api';

/** Today in the browser (YYYY-MM-DD); the server reads the period as the firm's calendar days. */
const todayText = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The period from–to and the file format; the answer says what was sent and offers the file. */
export function ExportForm({ adapter }: { adapter: AccountingAdapter }) {
  const run = useRunExport();
  const lastMonthEnd = calendarAddDays(`${todayText().slice(0, 7)}-01`, -1);
  const [done, setDone] = useState<{ id: string; text: string } | null>(null);
  const form = useForm<AccountingExportInput>({
    resolver: zodResolver(accountingExportInputSchema),
    // Last month by default: what a bookkeeper closes.
    defaultValues: { adapter, from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd },
  });
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setDone(null);
    try {
      const result = await run.mutateAsync(values);
      const text =
        result.sent + result.changed + result.reversed === 0
          ? `Export #${result.number}: nothing new to send (${result.skipped} already sent as they are).`
          : `Export #${result.number}: ${result.sent} sent, ${result.changed} sent again as changes, ${result.reversed} reversed.`;
      toastSuccess(text);
      setDone({ id: result._id, text });
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group align="flex-start">
          <Controller
            control={form.control}
            name="adapter"
            render={({ field }) => (
              <Select
                label="File format"
                data={ACCOUNTING_ADAPTERS.map((a) => ({ value: a, label: ACCOUNTING_ADAPTER_INFO[a].label }))}
                value={field.value}
                onChange={(v) => field.onChange(v ?? adapter)}
                allowDeselect={false}
                description={ACCOUNTING_ADAPTER_INFO[field.value].help}
                error={e.adapter?.message}
                w={320}
              />
            )}
          />
          <TextInput label="From" type="date" {...form.register('from')} error={e.from?.message} />
          <TextInput label="To" type="date" {...form.register('to')} error={e.to?.message} />
        </Group>
        <Text size="sm" c="dimmed" maw={720}>
          Sends the documents of the period not sent yet. Documents sent before that changed since, whatever their date,
          are sent again as a change: the old entry reversed, then the new one. Nothing is ever sent twice.
        </Text>
        <Group>
          <Button type="submit" loading={run.isPending}>
            Export
          </Button>
          {done && (
            <Text size="sm">
              {done.text}{' '}
              <Anchor href={exportFileUrl(done.id)} download>
                Download the file
              </Anchor>
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
