import { type DeliveryStop, stopDeliverSchema } from '@atelier/contracts';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';
import { SignatureField } from '../../../components/signature-field';
import { issueFields } from '../../../lib/forms';
import { type ProofQueue, proofQueue, type QueuedPhoto } from '../proof-queue';
import { type DamageDraft, DamageList } from './damage-list';
import { type PhotoDraft, PhotoInput } from './photo-input';

const queued = (photos: PhotoDraft[]): QueuedPhoto[] =>
  photos.map((p) => ({ blob: p.blob, name: 'photo.jpg', uploadedId: null }));

/**
 * The proof of delivery, filled in at the door: who took it, notes, photos, their signature,
 * and anything that arrived damaged. Saving keeps it on the phone first (the proof queue), so a
 * proof made without a connection is sent when it returns; `onSaved` is told whether the phone
 * is online, and `send` starts the sending.
 */
export function ProofForm({
  routeId,
  stop,
  label,
  onSaved,
  onCancel,
  send,
  queue = proofQueue,
}: {
  routeId: string;
  stop: DeliveryStop;
  /** What the queue calls it: "Stop 2, Dana Whitfield". */
  label: string;
  onSaved: (online: boolean) => void;
  onCancel: () => void;
  send: () => Promise<unknown>;
  queue?: ProofQueue;
}) {
  const [recipientName, setRecipientName] = useState('');
  const [notes, setNotes] = useState('');
  const [photos, setPhotos] = useState<PhotoDraft[]>([]);
  const [damages, setDamages] = useState<DamageDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const pad = useRef<SignaturePad | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const signature = pad.current && !pad.current.isEmpty() ? pad.current.toDataURL('image/png') : null;
    // Checked as the server will check it; the photos' ids come once they are uploaded.
    const parsed = stopDeliverSchema.safeParse({
      recipientName,
      notes,
      signature,
      photos: [],
      damages: damages.map((d) => ({ line: d.line ?? '', quantity: d.quantity, note: d.note, photos: [] })),
    });
    if (!parsed.success) {
      setErrors(issueFields(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await queue.enqueue({
        routeId,
        stopId: stop._id,
        label,
        recipientName: parsed.data.recipientName,
        notes: parsed.data.notes,
        signature: parsed.data.signature,
        photos: queued(photos),
        damages: parsed.data.damages.map((d, i) => ({
          line: d.line,
          quantity: d.quantity,
          note: d.note,
          photos: queued(damages[i]!.photos),
        })),
      });
    } catch {
      setSaving(false);
      setErrors({ form: 'The proof could not be kept on this phone. Free some storage and save it again.' });
      return;
    }
    onSaved(typeof navigator === 'undefined' || navigator.onLine);
    // Sent in the background: the queue shows it until the server has it.
    void send().catch(() => undefined);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Received by"
          description="The name of the person who took the delivery."
          withAsterisk
          autoComplete="off"
          value={recipientName}
          onChange={(e) => setRecipientName(e.currentTarget.value)}
          error={errors.recipientName}
        />
        <PhotoInput
          label="Photos"
          description="The items where they were left, the door, anything worth showing."
          value={photos}
          onChange={setPhotos}
          error={errors.photos}
        />
        <SignatureField
          padRef={pad}
          error={errors.signature}
          description="The person who took the delivery signs in the box with a finger."
          prompt="Sign here"
        />
        <DamageList
          stop={stop}
          value={damages}
          onChange={setDamages}
          errorOf={(i, field) => errors[`damages.${i}.${field}`]}
        />
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          error={errors.notes}
        />
        {(errors.form || errors.damages) && (
          <Alert color="red" role="alert">
            {errors.form ?? errors.damages}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" color="green" loading={saving}>
            Save the proof
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
