import { type Order, P } from '@atelier/contracts';
import { Button, Card, Group, Loader, Stack } from '@mantine/core';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { showSubmitError } from '../../../../lib/forms';
import { useCan } from '../../../../lib/permissions';
import { useSettings } from '../../../settings/api';
import { useOrderStep } from '../../api';
import { OrderBillingFields } from '../../components/order-form';
import { OrderSummary } from '../../components/order-summary';
import { stepHref, useDraft, useStepForm, WIZARD } from './draft';

/**
 * Step 4: the money: discount, coupon, shipping, the deposit asked and the terms, with the
 * totals as the server priced them. Then confirm (stock is held) or keep it as a draft.
 */
export default function BillingStep() {
  const { order, loading } = useDraft();
  if (loading || !order) return <Loader aria-label="Loading the draft" />;
  return <Billing order={order} />;
}

function Billing({ order }: { order: Order }) {
  const { form, saveAndGo, stale } = useStepForm(order);
  const navigate = useNavigate();
  const step = useOrderStep(order._id);
  const { can } = useCan();
  const currency = useSettings().data?.firmSettings.currency;
  const confirming = useRef(false);
  const success = `${WIZARD}/success/${order._id}`;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void saveAndGo(null);
      }}
    >
      <Stack>
        <Card withBorder padding="lg">
          <Stack>
            <OrderBillingFields form={form} />
            <Group justify="space-between">
              <Button variant="default" onClick={() => void saveAndGo(stepHref('details', order._id))}>
                Back
              </Button>
              <Group gap="xs">
                <Button type="submit" variant="default">
                  Save and price
                </Button>
                <Button variant="default" onClick={() => void saveAndGo(success)}>
                  Keep as draft
                </Button>
                {can(P.MODIFY_ORDERS) && (
                  <Button
                    loading={step.isPending}
                    disabled={order.lines.length === 0}
                    onClick={async () => {
                      if (confirming.current) return;
                      confirming.current = true;
                      try {
                        // What was typed is saved first, then the order is confirmed as saved.
                        await saveAndGo(null);
                        await step.mutateAsync({ name: 'confirm' });
                        navigate(success);
                      } catch (error) {
                        showSubmitError(error);
                      } finally {
                        confirming.current = false;
                      }
                    }}
                  >
                    Confirm order
                  </Button>
                )}
              </Group>
            </Group>
          </Stack>
        </Card>
        <OrderSummary order={order} currency={currency} />
      </Stack>
      {stale.modal}
    </form>
  );
}
