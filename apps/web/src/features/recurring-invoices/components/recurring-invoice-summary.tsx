import {
  KINDS,
  RECURRING_ACTION_LABELS,
  RECURRING_STATUS_LABELS,
  type RecurringInvoice,
  type RecurringStatus,
  recordHref,
} from '@atelier/contracts';
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../../lib/format';
import { useFailedRun } from '../api';
import { planSchedule } from '../schedule';

export const RECURRING_STATUS_COLORS: Record<RecurringStatus, string> = {
  active: 'green',
  paused: 'yellow',
  ended: 'gray',
};

/** One figure of the plan: what it is, small, above its value, and a word more under it. */
function Fact({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** When the next invoice is made: its day while active, none while paused or once ended. */
function nextInvoice(plan: RecurringInvoice): { value: string; hint?: string } {
  if (plan.status === 'ended') return { value: 'None', hint: 'The plan has ended' };
  if (plan.status === 'paused')
    return {
      value: 'None while paused',
      hint: plan.nextRunOn ? `It was due on ${formatDate(plan.nextRunOn)}` : undefined,
    };
  return { value: plan.nextRunOn ? formatDate(plan.nextRunOn) : '—' };
}

/** The last run, when it could not bill: why, from the plan's history, for the firm to fix. */
function FailedRun({ plan }: { plan: RecurringInvoice }) {
  const failed = useFailedRun(plan);
  if (failed.data === undefined || failed.data === null) return null;
  return (
    <Alert color="yellow" title={`The run on ${formatDate(plan.lastRunOn!)} made no invoice`}>
      {failed.data || 'It could not bill.'} Once that is fixed, the next run bills as usual; its{' '}
      <Anchor component={Link} to={`${recordHref(KINDS.recurring_invoice, plan._id)}/logs`}>
        logs
      </Anchor>{' '}
      keep every run that failed.
    </Alert>
  );
}

/**
 * A recurring invoice as the firm reads it: whom it bills, how often, from when to when, what each
 * run does, when the next invoice is made and what one comes to; and a run that made no invoice.
 */
export function RecurringInvoiceSummary({ plan, currency }: { plan: RecurringInvoice; currency?: string }) {
  const next = nextInvoice(plan);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge color={RECURRING_STATUS_COLORS[plan.status]} variant="light">
            {RECURRING_STATUS_LABELS[plan.status]}
          </Badge>
          <Text size="sm">
            Bills{' '}
            <Anchor component={Link} to={recordHref(KINDS.customer, plan.customer._id)}>
              {plan.customer.name}
            </Anchor>
            {plan.company && (
              <>
                {' · '}
                <Anchor component={Link} to={recordHref(KINDS.company, plan.company._id)}>
                  {plan.company.name}
                </Anchor>
              </>
            )}
            {plan.customerJob && (
              <>
                {' · job '}
                <Anchor component={Link} to={recordHref(KINDS.customer_job, plan.customerJob._id)}>
                  {plan.customerJob.name}
                </Anchor>
              </>
            )}
          </Text>
        </Group>
        <Text fw={700}>{planSchedule(plan)}</Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
          <Fact label="Starts" value={formatDate(plan.startOn)} />
          <Fact label="Ends" value={plan.endOn ? formatDate(plan.endOn) : 'When stopped'} />
          <Fact label="Each run" value={RECURRING_ACTION_LABELS[plan.action]} />
          <Fact label="Next invoice" value={next.value} hint={next.hint} />
          <Fact label="Last run" value={plan.lastRunOn ? formatDate(plan.lastRunOn) : 'Not run yet'} />
          <Fact
            label="Each invoice"
            value={formatMoney(plan.totalCents, currency)}
            hint="As priced when saved; each run prices the lines again"
          />
        </SimpleGrid>
        <FailedRun plan={plan} />
        {plan.notes && (
          <Text size="sm" c="dimmed">
            Notes on each invoice: {plan.notes}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
