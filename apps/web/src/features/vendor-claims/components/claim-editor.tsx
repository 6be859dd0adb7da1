import {
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderLine,
  type PurchaseOrderRow,
  VENDOR_CLAIM_REASON_LABELS,
  type VendorClaimInput,
  type VendorClaimReason,
  vendorClaimInputSchema,
} from '@atelier/contracts';
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { RecordSearchSelect } from '../../../components/record-search-select';
import { formatMoney, formatQuantity } from '../../../lib/format';
import { useCheckedSubmit } from '../../../lib/forms';
import { useSettings } from '../../settings/api';
import { usePurchaseOrder } from '../api';
import { type ClaimPhoto, ClaimPhotosInput } from './claim-photos';

/** The purchase orders something may be claimed of: those that received something. */
const RECEIVED_STATES = { 'filter[state]': ['partially_received', 'received', 'cancelled'] };

/** What the editor starts with: a claim's values, or what the page it is opened from knows. */
export type ClaimStart = {
  purchaseOrder: { _id: string; name: string } | null;
  purchaseOrderLine: string | null;
  quantity: number | '';
  reason: VendorClaimReason | null;
  returnLine: string | null;
  photos: ClaimPhoto[];
  notes: string;
};

export const emptyClaim = (over: Partial<ClaimStart> = {}): ClaimStart => ({
  purchaseOrder: null,
  purchaseOrderLine: null,
  quantity: 1,
  reason: null,
  returnLine: null,
  photos: [],
  notes: '',
  ...over,
});

const lineSku = (l: PurchaseOrderLine) => l.item?.sku ?? l.vendorSku;

/** The line to start on: the one given, else the only received one of the item looked for, else the only received one. */
function lineToStart(lines: PurchaseOrderLine[], given: string | null, sku?: string): string | null {
  if (given && lines.some((l) => l.id === given)) return given;
  const same = sku ? lines.filter((l) => lineSku(l) === sku) : [];
  if (same.length === 1) return same[0]!.id;
  return lines.length === 1 ? lines[0]!.id : null;
}

/**
 * A claim's fields: the purchase order (searched; fixed when opened from it), one of its received
 * lines, how many, why, photos and notes; with what the claimed items cost. `sku` is the item a
 * return line brings back: its purchase orders are listed first and its line picked.
 */
export function ClaimEditor(props: {
  start: ClaimStart;
  /** The purchase order cannot change (opened from its page, or the claim of its line). */
  fixedOrder?: boolean;
  sku?: string;
  /** What the claim comes from, above the fields (a return's line). */
  context?: ReactNode;
  submitLabel: string;
  onSubmit: (input: VendorClaimInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { start } = props;
  const currency = useSettings().data?.firmSettings.currency;
  const [order, setOrder] = useState<string | null>(start.purchaseOrder?._id ?? null);
  const [line, setLine] = useState<string | null>(start.purchaseOrderLine);
  const [quantity, setQuantity] = useState<number | ''>(start.quantity);
  const [reason, setReason] = useState<VendorClaimReason | null>(start.reason);
  const [photos, setPhotos] = useState<ClaimPhoto[]>(start.photos);
  const [notes, setNotes] = useState(start.notes);
  const [saving, setSaving] = useState(false);
  const po = usePurchaseOrder(order);
  const received = (po.data?.lines ?? []).filter((l) => l.received > 0);
  const chosen = received.find((l) => l.id === line);

  // A purchase order's lines arrive after it is chosen: its line is picked when that is clear.
  useEffect(() => {
    if (!po.data || po.data._id !== order) return;
    const lines = po.data.lines.filter((l) => l.received > 0);
    setLine((current) =>
      current && lines.some((l) => l.id === current) ? current : lineToStart(lines, null, props.sku),
    );
  }, [po.data, order, props.sku]);

  const { errors, submit } = useCheckedSubmit(vendorClaimInputSchema, props.onSubmit, () => {});
  const send = async () => {
    setSaving(true);
    try {
      await submit(
        {
          purchaseOrderLine: line ?? '',
          quantity: quantity === '' ? undefined : quantity,
          reason: reason as VendorClaimReason,
          returnLine: start.returnLine,
          photos: photos.map((p) => p._id),
          notes,
        },
        {
          ...(order ? {} : { purchaseOrder: 'Choose the purchase order the item was bought on.' }),
          ...(chosen && typeof quantity === 'number' && quantity > chosen.received
            ? { quantity: `At most ${formatQuantity(chosen.received)}: what was received.` }
            : {}),
        },
      );
    } finally {
      setSaving(false);
    }
  };
  const photoError = Object.entries(errors).find(([k]) => k === 'photos' || k.startsWith('photos.'))?.[1];
  const cost = chosen && typeof quantity === 'number' && quantity > 0 ? Math.round(chosen.unitCost * quantity) : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Stack>
        {props.context}
        {props.sku && !props.fixedOrder && (
          <Text size="sm" c="dimmed">
            Purchase orders that bought {props.sku} are listed, if any; type to search others.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {props.fixedOrder && start.purchaseOrder ? (
            <TextInput label="Purchase order" value={start.purchaseOrder.name} readOnly />
          ) : (
            <RecordSearchSelect<PurchaseOrderRow>
              endpoint="/purchase-orders"
              label="Purchase order"
              required
              placeholder="Search by number, vendor or SKU"
              notFound="No purchase order found"
              emptySearch={props.sku}
              filters={RECEIVED_STATES}
              text={(o) => `${o.name} · ${o.vendor.name} · ${PURCHASE_ORDER_STATUS_LABELS[o.status]}`}
              initial={start.purchaseOrder?.name ? start.purchaseOrder : null}
              value={order}
              onChange={(v) => {
                setOrder(v);
                setLine(null);
              }}
              error={errors.purchaseOrder}
            />
          )}
          <Select
            label="Line received"
            withAsterisk
            placeholder={!order ? 'Choose the purchase order first' : po.isPending ? 'Loading…' : 'Which item'}
            disabled={!order}
            data={received.map((l) => ({
              value: l.id,
              label: `${l.name}${lineSku(l) ? ` · ${lineSku(l)}` : ''} · ${formatQuantity(l.received)} received`,
            }))}
            value={line}
            onChange={setLine}
            allowDeselect={false}
            nothingFoundMessage="Nothing of it was received"
            error={errors.purchaseOrderLine ?? errors.returnLine}
          />
          <NumberInput
            label="Quantity"
            withAsterisk
            description={chosen ? `${formatQuantity(chosen.received)} received` : undefined}
            min={0}
            max={chosen?.received}
            decimalScale={4}
            clampBehavior="none"
            value={quantity}
            onChange={(v) => setQuantity(typeof v === 'number' ? v : '')}
            error={errors.quantity}
          />
          <Select
            label="Reason"
            withAsterisk
            description={chosen ? `Claimed at cost: ${cost === null ? '—' : formatMoney(cost, currency)}` : undefined}
            placeholder="Why"
            data={Object.entries(VENDOR_CLAIM_REASON_LABELS).map(([value, label]) => ({ value, label }))}
            value={reason}
            onChange={(v) => setReason(v as VendorClaimReason | null)}
            allowDeselect={false}
            error={errors.reason}
          />
        </SimpleGrid>
        {order && po.data && received.length === 0 && (
          <Text size="sm" c="red">
            Nothing of {po.data.name} has been received: there is nothing to claim yet.
          </Text>
        )}
        <ClaimPhotosInput value={photos} onChange={setPhotos} error={photoError} />
        <Textarea
          label="Notes"
          autosize
          minRows={3}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          error={errors.notes}
        />
        <Group justify="flex-end">
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
