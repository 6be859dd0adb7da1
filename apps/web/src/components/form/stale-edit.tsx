import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/api';
import { showSubmitError } from '../../lib/forms';

/**
 * Saving a record that someone else changed answers 409 with who and when. This offers to load
 * their version and puts back on top of it every field the user changed, so nothing typed is
 * lost; the user then looks it over and saves again.
 */
export function useStaleEdit<V extends FieldValues>(form: UseFormReturn<V>, reload: () => Promise<V>) {
  const [message, setMessage] = useState<string | null>(null);
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409 && /changed this/.test(error.message))
      setMessage(error.message);
    else showSubmitError(error, form.setError);
  };
  const reloadKeepingMine = async () => {
    const mine = form.getValues();
    const dirty = Object.keys(form.formState.dirtyFields) as Path<V>[];
    const fresh = await reload();
    form.reset(fresh);
    for (const key of dirty) form.setValue(key, mine[key as keyof V] as never, { shouldDirty: true });
    setMessage(null);
  };
  const modal = (
    <Modal opened={message !== null} onClose={() => setMessage(null)} title="Someone else changed this" centered>
      <Text size="sm">
        {message?.replace(/ at (\S+Z) /, (_, iso: string) => ` at ${new Date(iso).toLocaleString()} `)}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => setMessage(null)}>
          Keep editing
        </Button>
        <Button onClick={reloadKeepingMine}>Load their version, keep my changes</Button>
      </Group>
    </Modal>
  );
  return { onError, modal };
}
