import { stopFailSchema } from '@atelier/contracts';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useCheckedSubmit } from '../../../lib/forms';

/** Why a stop could not be delivered; its lines go back to the orders to deliver. */
export function FailForm({
  send,
  onDone,
  onCancel,
}: {
  send: (reason: string) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, submit } = useCheckedSubmit(
    stopFailSchema,
    async (input) => {
      setBusy(true);
      try {
        return await send(input.reason);
      } finally {
        setBusy(false);
      }
    },
    onDone,
  );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ reason });
      }}
    >
      <Stack>
        <Textarea
          label="Why it could not be delivered"
          description="Nobody home, wrong address, refused… The office plans it again."
          withAsterisk
          autosize
          minRows={3}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={busy}>
            Mark as failed
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
