import { applySchema } from '@atelier/contracts';
import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { issueFields, showSubmitError } from '../../lib/forms';
import { toastSuccess } from '../../lib/toast';
import { DialogActions } from '../dialog-actions';
import { ApplicationsEditor } from './applications-editor';
import { type Applications, applicationErrors } from './applied-money';
import { useApplicableInvoices } from './open-invoices';

/**
 * "Apply to invoices": more of a payment's or a credit memo's money put on the customer's open
 * invoices (POST {source}/apply). Opened by rendering it; closes once applied.
 */
export function ApplyMoneyModal(props: {
  /** The payment or credit memo, by name ("Payment 12", "CM-3"). */
  name: string;
  customer: string;
  /** What it has left to put on invoices. */
  availableCents: number;
  leftLabel: string;
  currency?: string;
  /** Applies them; answers the confirmation, read from what the server applied. */
  apply: (applications: Applications) => Promise<string>;
  onClose: () => void;
}) {
  const { invoices, loading, error } = useApplicableInvoices(props.customer);
  const [value, setValue] = useState<Applications>([]);
  const [errors, setErrors] = useState<{ byInvoice: Record<string, string>; list?: string }>({ byInvoice: {} });
  const [busy, setBusy] = useState(false);
  const money = (cents: number) => formatMoney(cents, props.currency);
  const submit = async () => {
    const parsed = applySchema.safeParse({ applications: value });
    const typed = value.reduce((sum, a) => sum + a.amountCents, 0);
    if (!parsed.success || typed > props.availableCents) {
      const found = parsed.success ? { byInvoice: {} } : applicationErrors(issueFields(parsed.error.issues), value);
      setErrors({
        ...found,
        list:
          typed > props.availableCents
            ? `${props.name} has ${money(props.availableCents)} left: lower what goes to each.`
            : found.list,
      });
      return;
    }
    setErrors({ byInvoice: {} });
    setBusy(true);
    let done: string;
    try {
      done = await props.apply(parsed.data.applications);
    } catch (failure) {
      if (failure instanceof ApiError) setErrors(applicationErrors(failure.fields, value));
      showSubmitError(failure);
      return;
    } finally {
      setBusy(false);
    }
    toastSuccess(done);
    props.onClose();
  };
  return (
    <Modal opened onClose={props.onClose} title={`Apply ${props.name} to invoices`} size="lg">
      <Stack>
        <Text size="sm">
          {money(props.availableCents)} of {props.name} is not on an invoice yet. Each invoice takes at most what it
          owes.
        </Text>
        <ApplicationsEditor
          invoices={invoices}
          loading={loading}
          failed={error?.message}
          totalCents={props.availableCents}
          value={value}
          onChange={setValue}
          leftLabel={props.leftLabel}
          source={props.name}
          errors={errors.byInvoice}
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
