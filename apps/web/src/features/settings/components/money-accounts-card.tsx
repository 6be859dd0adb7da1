import {
  MONEY_ACCOUNT_TYPE_LABELS,
  MONEY_ACCOUNT_TYPES,
  type MoneyAccount,
  type MoneyAccountType,
  moneyAccountInputSchema,
} from '@atelier/contracts';
import { ActionIcon, Button, Card, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { showSubmitError, useCheckedSubmit } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { moneyAccounts } from '../money-accounts';

const TYPES = MONEY_ACCOUNT_TYPES.map((value) => ({ value, label: MONEY_ACCOUNT_TYPE_LABELS[value] }));
type Draft = { name: string; type: MoneyAccountType; lastFour: string };

/** Name, type and last four digits: the add row and the rename dialog share them. */
function AccountFields({
  draft,
  set,
  errors,
}: {
  draft: Draft;
  set: (change: Partial<Draft>) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <TextInput
        label="Name"
        placeholder="Operating account"
        value={draft.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errors.name}
        style={{ flex: 2, minWidth: 160 }}
      />
      <Select
        label="Type"
        data={TYPES}
        value={draft.type}
        onChange={(v) => v && set({ type: v as MoneyAccountType })}
        allowDeselect={false}
        error={errors.type}
        style={{ flex: 1, minWidth: 130 }}
      />
      <TextInput
        label="Last four digits"
        placeholder="4242"
        inputMode="numeric"
        maxLength={4}
        value={draft.lastFour}
        onChange={(e) => set({ lastFour: e.currentTarget.value })}
        error={errors.lastFour}
        style={{ flex: 1, minWidth: 110 }}
      />
    </>
  );
}

function RenameModal({ account, onClose }: { account: MoneyAccount; onClose: () => void }) {
  const save = moneyAccounts.useSave(account._id);
  const [draft, setDraft] = useState<Draft>({ name: account.name, type: account.type, lastFour: account.lastFour });
  const { errors, submit } = useCheckedSubmit(
    moneyAccountInputSchema,
    (input) => save.mutateAsync({ ...input, version: account.version }),
    (saved) => {
      toastSuccess(`${saved.name} saved.`);
      onClose();
    },
  );
  return (
    <Modal opened onClose={onClose} title={`Change ${account.name}`}>
      <Stack>
        <AccountFields draft={draft} set={(c) => setDraft((d) => ({ ...d, ...c }))} errors={errors} />
        <DialogActions onCancel={onClose} confirm="Save" loading={save.isPending} onConfirm={() => submit(draft)} />
      </Stack>
    </Modal>
  );
}

const EMPTY: Draft = { name: '', type: 'bank', lastFour: '' };

/**
 * /s/firm/banking: the firm's money accounts (bank, card, cash) that expenses and payments to
 * vendors are paid from. One something was paid from stays (the server says so).
 */
export function MoneyAccountsCard() {
  const list = moneyAccounts.useList();
  const add = moneyAccounts.useSave();
  const remove = moneyAccounts.useDelete();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<MoneyAccount | null>(null);
  const { errors, submit } = useCheckedSubmit(
    moneyAccountInputSchema,
    (input) => add.mutateAsync(input),
    (made) => {
      toastSuccess(`${made.name} added.`);
      setDraft(EMPTY);
    },
  );
  return (
    <Card withBorder padding="lg">
      <Stack>
        <div>
          <Title order={2} size="h4">
            Money accounts
          </Title>
          <Text size="sm" c="dimmed">
            The bank accounts, cards and cash the firm pays from: each expense says which one it was paid from.
          </Text>
        </div>
        {list.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            No money accounts yet.
          </Text>
        )}
        {list.data?.map((a) => (
          <Group key={a._id} justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" fw={500}>
                {a.name}
                {a.lastFour && (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    ·· {a.lastFour}
                  </Text>
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {MONEY_ACCOUNT_TYPE_LABELS[a.type]} · {a.expenses} expense{a.expenses === 1 ? '' : 's'}
              </Text>
            </div>
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={`Change ${a.name}`} onClick={() => setEditing(a)}>
                <IconPencil size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${a.name}`}
                onClick={() =>
                  remove
                    .mutateAsync(a._id)
                    .then(() => toastSuccess(`${a.name} removed.`))
                    .catch((e) => showSubmitError(e))
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        <Group align="flex-start" wrap="wrap" gap="sm">
          <AccountFields draft={draft} set={(c) => setDraft((d) => ({ ...d, ...c }))} errors={errors} />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" loading={add.isPending} onClick={() => submit(draft)}>
            Add account
          </Button>
        </Group>
      </Stack>
      {editing && <RenameModal account={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
