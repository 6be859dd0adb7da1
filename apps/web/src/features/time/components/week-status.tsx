import { type Timesheet, WEEK_STATUS_LABELS, type WeekStatus } from '@atelier/contracts';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { formatDateTime } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useFirmTimeZone, useProfile } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { useWeekStep, type WeekStep } from '../api';

export const WEEK_STATUS_COLORS: Record<WeekStatus, string> = { open: 'blue', submitted: 'yellow', approved: 'green' };

/** What a manager writes when sending a week back: required, so its person knows what to fix. */
function ReturnModal({ onClose, onReturn }: { onClose: () => void; onReturn: (note: string) => Promise<boolean> }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened onClose={onClose} title="Return the week">
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (!note.trim()) return setError('Say what to fix.');
          setBusy(true);
          const done = await onReturn(note.trim());
          setBusy(false);
          if (done) onClose();
        }}
      >
        <Stack>
          <Text size="sm">The week opens again for its person to correct; they see your note.</Text>
          <Textarea
            label="Note"
            required
            autosize
            minRows={3}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <DialogActions onCancel={onClose} confirm="Return the week" loading={busy} />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The week's state and its steps: Submit week for its person, Approve or Return (with a note)
 * for a manager, as the answer's `maySubmit` and `mayDecide` say.
 */
export function WeekStatusCard({ sheet }: { sheet: Timesheet }) {
  const me = useProfile();
  const timeZone = useFirmTimeZone();
  const step = useWeekStep();
  const [returning, setReturning] = useState(false);
  const running = sheet.days.some((d) => d.entries.some((e) => e.endedAt === null));
  const run = async (name: WeekStep, note = '') => {
    try {
      await step.mutateAsync({
        step: name,
        person: sheet.person._id === me._id ? null : sheet.person._id,
        week: sheet.week,
        version: sheet.version,
        note,
      });
      toastSuccess(
        name === 'submit'
          ? 'Week submitted for approval.'
          : name === 'approve'
            ? `${sheet.person.name}’s week approved.`
            : `${sheet.person.name}’s week returned.`,
      );
      return true;
    } catch (error) {
      showSubmitError(error);
      return false;
    }
  };
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            Week status
          </Title>
          <Badge color={WEEK_STATUS_COLORS[sheet.status]} variant="light">
            {WEEK_STATUS_LABELS[sheet.status]}
          </Badge>
        </Group>
        {sheet.status === 'submitted' && sheet.submittedAt && (
          <Text size="sm" c="dimmed">
            Submitted {formatDateTime(sheet.submittedAt, timeZone)}: waiting for approval.
          </Text>
        )}
        {sheet.status === 'approved' && (
          <Text size="sm" c="dimmed">
            Approved{sheet.decidedBy ? ` by ${sheet.decidedBy.name}` : ''}
            {sheet.decidedAt ? ` ${formatDateTime(sheet.decidedAt, timeZone)}` : ''}.
          </Text>
        )}
        {sheet.status === 'open' && sheet.returnNote && (
          <Alert color="orange" title={`Returned${sheet.decidedBy ? ` by ${sheet.decidedBy.name}` : ''}`}>
            {sheet.returnNote}
          </Alert>
        )}
        {sheet.status === 'open' && !sheet.maySubmit && running && (
          <Text size="sm" c="dimmed">
            Clock out to submit the week: an entry is still running.
          </Text>
        )}
        {(sheet.maySubmit || sheet.mayDecide) && (
          <Group gap="xs">
            {sheet.maySubmit && (
              <Button loading={step.isPending} onClick={() => run('submit')}>
                Submit week
              </Button>
            )}
            {sheet.mayDecide && (
              <>
                <Button color="green" loading={step.isPending} onClick={() => run('approve')}>
                  Approve
                </Button>
                <Button variant="default" onClick={() => setReturning(true)}>
                  Return
                </Button>
              </>
            )}
          </Group>
        )}
      </Stack>
      {returning && <ReturnModal onClose={() => setReturning(false)} onReturn={(note) => run('return', note)} />}
    </Card>
  );
}
