import {
  ACCOUNT_ROLE_INFO,
  ACCOUNTING_SYSTEM_LABELS,
  ACCOUNTING_SYSTEMS,
  type AccountingMapping,
  type AccountingSystem,
  accountingMappingInputSchema,
} from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useSaveMapping } from '../api';

type Values = z.input<typeof accountingMappingInputSchema>;

/**
 * The accounting software and the ledger account each role uses (104 to change). An empty field
 * uses the account shown in grey: the role's default, or for a key (one payment method) the
 * role's own account. Only what changed is sent, so two people mapping different roles keep both.
 */
export function MappingForm({ mapping, editable }: { mapping: AccountingMapping; editable: boolean }) {
  const save = useSaveMapping();
  const initial: Values = {
    system: mapping.system,
    accounts: mapping.accounts.map((a) => ({ role: a.role, key: a.key, account: a.mapped ? a.account : '' })),
  };
  const form = useForm<Values>({ resolver: zodResolver(accountingMappingInputSchema), values: initial });
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    const changed = (values.accounts ?? []).flatMap((a, i) =>
      a.account.trim() !== (initial.accounts![i]?.account ?? '') ? [{ a, i }] : [],
    );
    try {
      await save.mutateAsync({
        ...(values.system !== initial.system ? { system: values.system } : {}),
        accounts: changed.map(({ a }) => a),
      });
      toastSuccess('Account mapping saved.');
    } catch (error) {
      // The server names the fields of what was sent: put each message on its row of the form.
      showSubmitError(error);
      if (error instanceof ApiError)
        for (const [field, message] of Object.entries(error.fields)) {
          const [, at, name] = field.split('.');
          const row = changed[Number(at)];
          if (field.startsWith('accounts.') && row && name)
            form.setError(`accounts.${row.i}.${name as 'account'}`, { type: 'server', message });
          else form.setError(field as 'system', { type: 'server', message });
        }
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Controller
          control={form.control}
          name="system"
          render={({ field }) => (
            <Select
              label="Accounting software"
              description="QuickBooks reads the IIF file; other software imports the journal CSV."
              data={ACCOUNTING_SYSTEMS.map((s) => ({ value: s, label: ACCOUNTING_SYSTEM_LABELS[s] }))}
              value={field.value ?? ''}
              onChange={(v) => field.onChange((v ?? '') as AccountingSystem)}
              allowDeselect={false}
              disabled={!editable}
              error={e.system?.message}
              maw={320}
            />
          )}
        />
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" aria-label="Account mapping">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>What</Table.Th>
                  <Table.Th w="40%">Ledger account</Table.Th>
                  <Table.Th>Type</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mapping.accounts.map((a, i) => (
                  <Table.Tr key={`${a.role}:${a.key}`}>
                    <Table.Td pl={a.key ? 'xl' : undefined}>
                      <Text size="sm" fw={a.key ? 400 : 500}>
                        {a.key ? a.label.slice(ACCOUNT_ROLE_INFO[a.role].label.length + 2) : a.label}
                      </Text>
                      {!a.key && (
                        <Text size="xs" c="dimmed">
                          {ACCOUNT_ROLE_INFO[a.role].help}
                          {ACCOUNT_ROLE_INFO[a.role].per
                            ? ` Mapped per ${ACCOUNT_ROLE_INFO[a.role].per} below, if you like.`
                            : ''}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Ledger account for ${a.label}`}
                        placeholder={a.defaultAccount}
                        disabled={!editable}
                        {...form.register(`accounts.${i}.account`)}
                        error={e.accounts?.[i]?.account?.message ?? e.accounts?.[i]?.role?.message}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace" c="dimmed">
                        {a.type}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save mapping
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
