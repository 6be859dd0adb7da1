import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { proofQueue, type QueuedProof } from '../proof-queue';
import { useQueuedProofs, useSendProofs } from '../use-proof-queue';

const proofsWord = (n: number) => (n === 1 ? '1 proof' : `${n} proofs`);

/**
 * What the phone still holds: proofs waiting to be sent (with Send now), and proofs the server
 * refused, with its message, to try again or let go.
 */
export function ProofQueueStatus() {
  const { proofs, error } = useQueuedProofs();
  const send = useSendProofs();
  const [sending, setSending] = useState(false);
  const [discarding, setDiscarding] = useState<QueuedProof | null>(null);
  const waiting = proofs.filter((p) => p.state === 'waiting');
  const failed = proofs.filter((p) => p.state === 'failed');
  if (error)
    return (
      <Alert color="red" title="Proofs on this phone">
        {error}
      </Alert>
    );
  if (proofs.length === 0) return null;
  return (
    <Stack gap="xs">
      {waiting.length > 0 && (
        <Alert color="yellow" icon={<IconCloudUpload size={18} />} role="status">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {proofsWord(waiting.length)} waiting to send
            </Text>
            <Button
              size="compact-sm"
              variant="default"
              loading={sending}
              onClick={async () => {
                setSending(true);
                await send().catch(() => undefined);
                setSending(false);
              }}
            >
              Send now
            </Button>
          </Group>
          <Text size="xs" mt={4}>
            They are kept on this phone and sent as soon as the connection allows. Keep this page open or come back to
            it when you have a signal.
          </Text>
        </Alert>
      )}
      {failed.map((proof) => (
        <Alert key={proof.key} color="red" title={`The proof for ${proof.label} was refused`}>
          <Text size="sm">{proof.error}</Text>
          <Group gap="xs" mt="xs">
            <Button
              size="compact-sm"
              variant="default"
              onClick={async () => {
                await proofQueue.retry(proof.key);
                await send().catch(() => undefined);
              }}
            >
              Try again
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDiscarding(proof)}>
              Discard
            </Button>
          </Group>
        </Alert>
      ))}
      <ConfirmDialog
        opened={discarding !== null}
        title="Discard this proof?"
        text={`The proof for ${discarding?.label ?? 'this stop'}, its photos and signature are removed from this phone. The stop stays as the server has it.`}
        confirm="Discard the proof"
        color="red"
        done="The proof was discarded."
        run={() => (discarding ? proofQueue.discard(discarding.key) : Promise.resolve())}
        loading={false}
        onClose={() => setDiscarding(null)}
      />
    </Stack>
  );
}
