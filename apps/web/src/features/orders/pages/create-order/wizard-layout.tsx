import { Stack, Stepper } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { NoAccess } from '../../../../components/no-access';
import { PageHeader } from '../../../../components/page-header';
import { useCan } from '../../../../lib/permissions';
import { orders } from '../../api';
import { STEP_LABELS, STEPS } from './draft';

/**
 * /o/create-order: the create-order wizard (spec section 2), each step its own route: customer,
 * products, details, billing, then success/{order}.
 */
export default function CreateOrderLayout() {
  const { can } = useCan();
  const { pathname } = useLocation();
  if (!can(orders.kind.codes.modify)) return <NoAccess />;
  const at = pathname.split('/')[3] ?? 'customer';
  const active = at === 'success' ? STEPS.length : Math.max(STEPS.indexOf(at as (typeof STEPS)[number]), 0);
  return (
    <Stack maw={1000} mx="auto">
      <PageHeader title="Create order" description="Who it is for, what they buy, how they get it, and how they pay." />
      <Stepper active={active} size="sm" allowNextStepsSelect={false} aria-label="Steps of the order">
        {STEPS.map((step) => (
          <Stepper.Step key={step} label={STEP_LABELS[step]} />
        ))}
        <Stepper.Completed>{null}</Stepper.Completed>
      </Stepper>
      <Outlet />
    </Stack>
  );
}
