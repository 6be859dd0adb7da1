import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { issueFields, showSubmitError } from '../../lib/forms';
import { toastSuccess } from '../../lib/toast';
import { DialogActions } from '../dialog-actions';
import { type ItemAmount, type OpenItem, type OpenItemKind, OpenItemsEditor } from './open-items-editor';

type Errors = { byItem: Record<string, string>; list?: string };

/**
 * "Apply to invoices" or "Apply to bills": more of a payment's or a credit's money put on the
 * open items (POST {source}/apply), checked first against `schema`. Opened by rendering it;
 * closes once applied.
 */
export function ApplyToItemsModal<T extends OpenItem, A extends ItemAmount>(props: {
  kind: OpenItemKind<T, A>;
  /** The body POSTed: `{ applications }`. */
  schema: z.ZodType<{ applications: A[] }>;
  /** The open items, as read (loading, or why they could not be). */
  items: readonly T[];
  loading?: boolean;
  failed?: string;
  /** The payment or credit, by name ("Payment 12", "CM-3"). */
  name: string;
  /** What it has left to put on the items. */
  availableCents: number;
  leftLabel: string;
  /** What the money is called when there is too little of it: its name unless told. */
  source?: string;
  currency?: string;
  /** Applies them; answers the confirmation, read from what the server applied. */
  apply: (applications: A[]) => Promise<string>;
  onClose: () => void;
}) {
  const { kind } = props;
  const [value, setValue] = useState<A[]>([]);
  const [errors, setErrors] = useState<Errors>({ byItem: {} });
  const [busy, setBusy] = useState(false);
  const money = (cents: number) => formatMoney(cents, props.currency);
  const submit = async () => {
    const parsed = props.schema.safeParse({ applications: value });
    const typed = value.reduce((sum, a) => sum + a.amountCents, 0);
    if (!parsed.success || typed > props.availableCents) {
      const found: Errors = parsed.success ? { byItem: {} } : kind.errors(issueFields(parsed.error.issues), value);
      setErrors({
        ...found,
        list:
          typed > props.availableCents
            ? `${props.name} has ${money(props.availableCents)} left: lower what goes to each.`
            : found.list,
      });
      return;
    }
    setErrors({ byItem: {} });
    setBusy(true);
    let done: string;
    try {
      done = await props.apply(parsed.data.applications);
    } catch (failure) {
      if (failure instanceof ApiError) setErrors(kind.errors(failure.fields, value));
      showSubmitError(failure);
      return;
    } finally {
      setBusy(false);
    }
    toastSuccess(done);
    props.onClose();
  };
  return (
    <Modal opened onClose={props.onClose} title={`Apply ${props.name} to ${kind.many}`} size="lg">
      <Stack>
        <Text size="sm">
          {money(props.availableCents)} of {props.name} is not on {kind.a} yet. Each {kind.one} takes at most what it
          owes.
        </Text>
        <OpenItemsEditor
          kind={kind}
          items={props.items}
          loading={props.loading}
          failed={props.failed}
          totalCents={props.availableCents}
          value={value}
          onChange={setValue}
          leftLabel={props.leftLabel}
          source={props.source ?? props.name}
          errors={errors.byItem}
          error={errors.list}
          currency={props.currency}
        />
        <DialogActions
          onCancel={props.onClose}
          confirm="Apply"
          loading={busy}
          disabled={value.length === 0}
          onConfirm={submit}
        />
      </Stack>
    </Modal>
  );
}
