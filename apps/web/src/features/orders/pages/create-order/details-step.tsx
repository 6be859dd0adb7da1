import type { Order } from '@atelier/contracts';
import { Button, Card, Group, Loader, Stack, Textarea } from '@mantine/core';
import { OrderWhoFields } from '../../components/order-form';
import { stepHref, useDraft, useStepForm } from './draft';

/** Step 3: how the customer gets it (delivery, shipment or pick-up), from where, to where, by when, and notes. */
export default function DetailsStep() {
  const { order, loading } = useDraft();
  if (loading || !order) return <Loader aria-label="Loading the draft" />;
  return <Details order={order} />;
}

function Details({ order }: { order: Order }) {
  const { form, saveAndGo, stale } = useStepForm(order);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void saveAndGo(stepHref('billing', order._id));
      }}
    >
      <Card withBorder padding="lg">
        <Stack>
          <OrderWhoFields form={form} record={order} withCustomer={false} />
          <Textarea
            label="Notes"
            description="Printed on the confirmation"
            autosize
            minRows={3}
            {...form.register('notes')}
            error={form.formState.errors.notes?.message}
          />
          <Group justify="space-between">
            <Button variant="default" onClick={() => void saveAndGo(stepHref('products', order._id))}>
              Back
            </Button>
            <Button type="submit">Next: billing</Button>
          </Group>
        </Stack>
      </Card>
      {stale.modal}
    </form>
  );
}
