import type { Order } from '@atelier/contracts';
import { Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { LineEditor } from '../../../../components/documents/line-editor';
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
  const settings = useSettings().data;
  const currency = settings?.firmSettings.currency;
  const warehouse = form.watch('warehouse') ?? order.warehouse?._id;

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
            {/* The editor keeps the items it knows by the draft's lines: a new one mounts with what was saved. */}
            <LineEditor
              key={order.version}
              form={form}
              record={order.lines}
              warehouse={warehouse}
              taxClasses={settings?.productSettings.taxClasses}
              scanner
            />
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
