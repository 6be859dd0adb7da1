import { type PublicProposal, publicDeclineSchema } from '@atelier/contracts';
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { OpenProposal } from '../../../components/proposal-view/proposal-totals';
import { ApiError } from '../../../lib/api';
import { issueFields, showSubmitError } from '../../../lib/forms';
import { newDecision, usePublicDecisions } from '../api';

/** Declining, with the reason the firm reads (and, where allowed, only some of the open sections). */
export function DeclineModal({
  token,
  doc,
  opened,
  defaultName,
  onClose,
  onDecided,
}: {
  token: string;
  doc: OpenProposal;
  opened: boolean;
  defaultName: string;
  onClose: () => void;
  onDecided: (decision: string | null) => void;
}) {
  const open = doc.sections.filter((s) => s.status === 'open');
  const noun = doc.document === 'change_order' ? 'change order' : 'proposal';
  const [reason, setReason] = useState('');
  const [name, setName] = useState<string | null>(null);
  const [sections, setSections] = useState(() => open.map((s) => s._id));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { decline } = usePublicDecisions(token);

  const fieldError = (field: string) =>
    Object.entries(errors).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = publicDeclineSchema.safeParse({
      name: name ?? defaultName,
      reason,
      sections: doc.sectionApproval ? sections : null,
    });
    const found = {
      ...(parsed.success ? {} : issueFields(parsed.error.issues)),
      ...(doc.sectionApproval && sections.length === 0 ? { sections: 'Choose at least one section to decline.' } : {}),
    };
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    setBusy(true);
    let answer: PublicProposal;
    try {
      answer = await decline(parsed.data);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      showSubmitError(error);
      return;
    } finally {
      setBusy(false);
    }
    onClose();
    onDecided(newDecision(doc, answer));
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Decline this ${noun}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {doc.firm.name} reads your reason, so they can answer it or send a better {noun}.
          </Text>
          {doc.sectionApproval && (
            <Checkbox.Group
              label="Sections to decline"
              description="The sections you leave unticked stay open to decide later."
              value={sections}
              onChange={setSections}
              error={fieldError('sections')}
            >
              <Stack gap="xs" mt="xs">
                {open.map((s) => (
                  <Checkbox key={s._id} value={s._id} label={s.title} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <Textarea
            label="Why are you declining?"
            withAsterisk
            rows={4}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={fieldError('reason')}
            data-autofocus
          />
          <TextInput
            label="Your name"
            autoComplete="name"
            value={name ?? defaultName}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError('name')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {doc.sectionApproval ? 'Decline the chosen sections' : `Decline the ${noun}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
