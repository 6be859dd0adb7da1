import { KINDS, type Order, type SellableItem } from '@atelier/contracts';
import { Button, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { useState } from 'react';
import { LineEditor } from '../../../../components/documents/line-editor';
import { api } from '../../../../lib/api';
import { toastError } from '../../../../lib/toast';
import { useSettings } from '../../../settings/api';
import { OrderSummary } from '../../components/order-summary';
import { stepHref, useDraft, useStepForm } from './draft';

/**
 * Step 2: what the customer buys. A scanner (or a typed SKU and Enter) adds the item whose SKU
 * or barcode it is, or one more of it; the search finds the rest. Each line shows what the
 * warehouse has; the priced lines show once saved.
 */
export default function ProductsStep() {
  const { order, loading } = useDraft();
  if (loading || !order) return <Loader aria-label="Loading the draft" />;
  return <Products order={order} />;
}

function Products({ order }: { order: Order }) {
  const { form, saveAndGo, stale } = useStepForm(order);
  const currency = useSettings().data?.firmSettings.currency;
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const warehouse = form.watch('warehouse') ?? order.warehouse?._id;

  const scan = async () => {
    const typed = code.trim();
    if (!typed) return;
    setScanning(true);
    try {
      const found = await api<SellableItem[]>('GET', `${KINDS.order.apiPath}/items`, undefined, {
        q: typed,
        warehouse: warehouse ?? undefined,
        limit: 5,
      });
      const item = found.find((i) => i.exact) ?? (found.length === 1 ? found[0] : undefined);
      if (!item) {
        toastError(`No item has the code ${typed}.`);
        return;
      }
      const lines = form.getValues('lines');
      const same = lines.findIndex((l) => l.item?.id === item._id && !l.measure);
      if (same >= 0 && item.pricingMode === 'unit') form.setValue(`lines.${same}.quantity`, lines[same]!.quantity + 1);
      else
        form.setValue('lines', [
          ...lines,
          {
            item: { type: item.type, id: item._id },
            special: null,
            name: '',
            description: '',
            measure: item.pricingMode === 'unit' ? null : {},
            quantity: 1,
            discount: null,
            optional: false,
            selected: false,
            group: null,
            chosen: false,
          },
        ]);
      setCode('');
    } finally {
      setScanning(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void saveAndGo(stepHref('details', order._id));
      }}
    >
      <Stack>
        <Card withBorder padding="lg">
          <Stack>
            <TextInput
              label="Scan or type a SKU"
              description="A barcode scanner types the code and Enter: the item is added, or one more of it."
              leftSection={<IconBarcode size={18} />}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void scan();
                }
              }}
              rightSection={scanning ? <Loader size="xs" /> : undefined}
            />
            {/* The editor keeps the items it knows by the draft's lines: a new one mounts with what was saved. */}
            <LineEditor key={order.version} form={form} record={order.lines} warehouse={warehouse} />
            <Group justify="space-between">
              <Button variant="default" onClick={() => void saveAndGo(stepHref('customer', order._id))}>
                Back
              </Button>
              <Group gap="xs">
                <Button variant="default" onClick={() => void saveAndGo(null)}>
                  Save and price
                </Button>
                <Button type="submit">Next: details</Button>
              </Group>
            </Group>
          </Stack>
        </Card>
        {order.lines.length > 0 && (
          <>
            <Text size="sm" c="dimmed">
              As saved, with stock and the prices that apply:
            </Text>
            <OrderSummary order={order} currency={currency} />
          </>
        )}
      </Stack>
      {stale.modal}
    </form>
  );
}
