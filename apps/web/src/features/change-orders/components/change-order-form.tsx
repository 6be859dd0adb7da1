import {
  type ChangeOrder,
  type ChangeOrderInput,
  type ChangeOrderValues,
  lineValuesOf,
  type Order,
} from '@atelier/contracts';
import { Alert, Textarea } from '@mantine/core';
import { LineEditor } from '../../../components/documents/line-editor';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useSettings } from '../../settings/api';

/** The form's lines: each kept line names the order's line it changes (its `id`); an added one names none. */
function changeOrderValues(record: ChangeOrder | undefined, order: Order | undefined): ChangeOrderValues {
  if (record)
    return {
      order: record.order._id,
      reason: record.reason,
      lines: lineValuesOf(record.lines).map((l, i) => ({ ...l, id: record.lines[i]!.orderLine ?? undefined })),
    };
  return { order: order?._id ?? '', reason: '', lines: lineValuesOf(order?.lines) };
}

/**
 * A change order: why, and the lines the order should have. It starts from the order's lines;
 * a kept line keeps the price it was sold at unless a price is typed; a line taken off leaves the
 * order once the customer approves.
 */
export function ChangeOrderForm(props: RecordFormProps<ChangeOrder, ChangeOrderInput> & { order?: Order }) {
  const { record, order } = props;
  const taxClasses = useSettings().data?.productSettings.taxClasses ?? [];
  if (record && record.status !== 'draft' && record.status !== 'sent')
    return (
      <Alert color="blue" title={`${record.name} was ${record.status}`}>
        It can no longer be changed.
      </Alert>
    );
  return (
    <RecordForm<ChangeOrder, ChangeOrderValues>
      {...(props as unknown as RecordFormProps<ChangeOrder, ChangeOrderValues>)}
      values={(r) => changeOrderValues(r, order)}
    >
      {(form) => (
        <>
          {record?.stale && (
            <Alert color="yellow" title={`${record.order.name} changed since this was written`}>
              Another change was approved. Check the lines below and save to base this one on the order as it is now.
            </Alert>
          )}
          {record?.status === 'sent' && (
            <Alert color="yellow">Saving a change makes it a draft again, to send to the customer again.</Alert>
          )}
          <Textarea
            label="Why the order changes"
            description="Printed on the change order the customer approves"
            required
            autosize
            minRows={2}
            {...form.register('reason')}
            error={form.formState.errors.reason?.message}
          />
          <LineEditor
            form={form}
            record={record?.lines ?? order?.lines}
            warehouse={order?.warehouse?._id ?? null}
            taxClasses={taxClasses}
          />
        </>
      )}
    </RecordForm>
  );
}
