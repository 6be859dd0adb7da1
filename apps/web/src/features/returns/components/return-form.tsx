import {
  ORDER_STATUS_LABELS,
  type OrderRow,
  RETURN_STATUS_LABELS,
  type Return,
  type ReturnInput,
} from '@atelier/contracts';
import { Alert, Button, Group, Loader, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MoneyInput } from '../../../components/form/fields';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { RecordSearchSelect } from '../../../components/record-search-select';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useSettings } from '../../settings/api';
import { useReturnable } from '../api';
import { checkDraft, type DraftErrors, draftErrors, draftRows, previewOf, type ReturnDraft } from '../return-draft';
import { ReturnLinesField } from './return-lines-field';
import { ReturnTotals } from './return-totals';

const NO_ERRORS: DraftErrors = { rows: {}, fields: {} };

/** The orders items may come back from: those that have handed something over. */
const DELIVERED_STATES = { 'filter[state]': ['confirmed', 'fulfilled', 'closed', 'cancelled'] };

/** The fee as the form starts it: empty (the firm's percent) unless the return has another. */
function startingFee(record: Return | undefined, percent: number): number | undefined {
  if (!record) return undefined;
  return record.restockingFeeCents === Math.round((record.goodsCents * percent) / 100)
    ? undefined
    : record.restockingFeeCents;
}

/**
 * A return while it is requested: the order (from `?order=` when opened from it), then its
 * delivered lines, each ticked to come back with its quantity, reason and condition; the fee and
 * notes; and what it comes to, as a preview of what the server works out. Once approved it no
 * longer changes.
 */
export function ReturnForm(props: RecordFormProps<Return, ReturnInput>) {
  const { record } = props;
  // The fee's starting value and the preview need the firm's percent.
  const settings = useSettings();
  if (!settings.data) return <Loader aria-label="Loading" />;
  if (record && record.status !== 'requested')
    return (
      <Alert color="gray" title={`${record.name} is ${RETURN_STATUS_LABELS[record.status].toLowerCase()}`}>
        Its lines and fee were settled when it was approved: they no longer change.
      </Alert>
    );
  return <RequestedReturnForm {...props} />;
}

function RequestedReturnForm({ record, onSubmit, submitLabel }: RecordFormProps<Return, ReturnInput>) {
  const [params] = useSearchParams();
  const settings = useSettings();
  const currency = settings.data?.firmSettings.currency;
  const percent = settings.data?.returnSettings.restockingFeePercent ?? 0;
  const money = (cents: number) => formatMoney(cents, currency);
  const [draft, setDraft] = useState<ReturnDraft>(() => ({
    order: record?.order._id ?? params.get('order'),
    rows: [],
    restockingFeeCents: startingFee(record, percent),
    notes: record?.notes ?? '',
  }));
  // The rows are those of the order they were made for; another order's come when it loads.
  const [rowsOf, setRowsOf] = useState<string | null>(null);
  const [errors, setErrors] = useState<DraftErrors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);
  const returnable = useReturnable(draft.order);

  useEffect(() => {
    if (!draft.order || !returnable.data || rowsOf === draft.order) return;
    const own = record && record.order._id === draft.order ? record : undefined;
    setDraft((d) => ({ ...d, rows: draftRows(returnable.data, own) }));
    setRowsOf(draft.order);
  }, [draft.order, returnable.data, rowsOf, record]);

  const rows = rowsOf === draft.order ? draft.rows : [];
  const preview = previewOf({ ...draft, rows }, percent);

  const submit = async () => {
    const checked = checkDraft({ ...draft, rows }, percent, money);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors(NO_ERRORS);
    setSaving(true);
    try {
      await onSubmit(checked.input);
    } catch (error) {
      if (error instanceof ApiError) setErrors(draftErrors(error.fields, checked.rowOf));
      showSubmitError(error);
    } finally {
      setSaving(false);
    }
  };

  const general = errors.fields.lines;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        {record ? (
          <TextInput
            label="Order"
            description="A return stays with its order: start a new return for another one"
            value={record.order.name}
            readOnly
          />
        ) : (
          <RecordSearchSelect<OrderRow>
            endpoint="/orders"
            label="Order"
            required
            placeholder="Search by number, customer or SKU"
            notFound="No order found"
            description="The order the items were delivered on"
            filters={DELIVERED_STATES}
            text={(o) => `${o.name} · ${o.customer.name} · ${ORDER_STATUS_LABELS[o.status]}`}
            value={draft.order}
            onChange={(order) => {
              setDraft((d) => ({ ...d, order, rows: [] }));
              setRowsOf(null);
              setErrors(NO_ERRORS);
            }}
            error={errors.fields.order}
          />
        )}
        {draft.order && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              What comes back
            </Title>
            <Text size="sm" c="dimmed">
              Tick each line coming back. Only resellable items go back into stock when the return is received.
            </Text>
            {returnable.error ? (
              <Text size="sm" c="red">
                {returnable.error.message}
              </Text>
            ) : rowsOf !== draft.order ? (
              <Loader size="sm" aria-label="Loading the order's lines" />
            ) : rows.length === 0 ? (
              <Text size="sm">Nothing of this order has been delivered yet: nothing can come back.</Text>
            ) : (
              <ReturnLinesField
                rows={rows}
                errors={errors.rows}
                currency={currency}
                onChange={(line, change) =>
                  setDraft((d) => ({ ...d, rows: d.rows.map((r) => (r.line === line ? { ...r, ...change } : r)) }))
                }
              />
            )}
            {general && (
              <Text size="sm" c="red">
                {general}
              </Text>
            )}
          </Stack>
        )}
        <MoneyInput
          label="Restocking fee"
          description={
            draft.restockingFeeCents === undefined
              ? `Empty: the firm’s ${percent.toLocaleString('en-US')} % of the goods, ${money(preview.defaultFeeCents)} now`
              : `Kept from what is credited; empty it for the firm’s ${percent.toLocaleString('en-US')} %`
          }
          placeholder={money(preview.defaultFeeCents)}
          cents={draft.restockingFeeCents}
          onChange={(restockingFeeCents) => setDraft((d) => ({ ...d, restockingFeeCents }))}
          error={errors.fields.restockingFeeCents}
          maw={360}
        />
        <ReturnTotals
          title="Preview"
          goodsCents={preview.goodsCents}
          feeCents={preview.feeCents}
          creditCents={preview.creditCents}
          currency={currency}
        />
        <Textarea
          label="Notes"
          autosize
          minRows={3}
          value={draft.notes}
          onChange={(event) => {
            const notes = event.currentTarget.value;
            setDraft((d) => ({ ...d, notes }));
          }}
          error={errors.fields.notes}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
