import type { RecurringInvoice } from '@atelier/contracts';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDate } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { recurringInvoices, usePlanStep } from '../api';
import { useFirmToday } from '../use-firm-today';

/** What resuming does: the day it was due bills at once when it has passed, else on its day. */
function resumeText(plan: RecurringInvoice, today: string): string {
  if (!plan.nextRunOn) return 'Invoices are made again on the plan’s schedule.';
  if (plan.nextRunOn <= today)
    return `Its invoice due on ${formatDate(plan.nextRunOn)} is made within the hour (one invoice, however many days it missed); then the plan follows its schedule.`;
  return `The next invoice is made on ${formatDate(plan.nextRunOn)}.`;
}

/** Pause an active plan (no invoice is made until it resumes), or resume a paused one. */
export function PlanActions({ plan }: { plan: RecurringInvoice }) {
  const { can } = useCan();
  const step = usePlanStep(plan._id);
  const today = useFirmToday();
  const [resuming, setResuming] = useState(false);
  if (!can(recurringInvoices.kind.codes.modify)) return null;
  return (
    <>
      {plan.status === 'active' && (
        <Button
          variant="default"
          loading={step.isPending}
          onClick={async () => {
            try {
              await step.mutateAsync('pause');
              toastSuccess(`${plan.name} paused: no invoice is made until it is resumed.`);
            } catch (error) {
              showSubmitError(error);
            }
          }}
        >
          Pause
        </Button>
      )}
      {plan.status === 'paused' && <Button onClick={() => setResuming(true)}>Resume</Button>}
      <ConfirmDialog
        opened={resuming}
        title={`Resume ${plan.name}?`}
        text={resumeText(plan, today)}
        confirm="Resume"
        done={`${plan.name} resumed.`}
        run={() => step.mutateAsync('resume')}
        loading={step.isPending}
        onClose={() => setResuming(false)}
      />
    </>
  );
}
