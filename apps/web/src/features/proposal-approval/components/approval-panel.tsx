import { type PublicProposal, publicApproveSchema } from '@atelier/contracts';
import { Alert, Button, Checkbox, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';
import type { OpenProposal, ProposalChoices } from '../../../components/proposal-view/proposal-totals';
import { SignatureField } from '../../../components/signature-field';
import { ApiError } from '../../../lib/api';
import { issueFields, showSubmitError } from '../../../lib/forms';
import { newDecision, usePublicDecisions } from '../api';
import { DeclineModal } from './decline-modal';

/** The fields with a place of their own on the panel; any other message is listed above the buttons. */
const PLACED = new Set(['name', 'signature', 'acceptTerms', 'sections']);

/**
 * Where the client approves (name, drawn signature, the terms accepted) or declines. Where the
 * firm allows it, they choose which of the open sections to decide; the others stay open.
 */
export function ApprovalPanel({
  token,
  doc,
  choices,
  onDecided,
}: {
  token: string;
  doc: OpenProposal;
  choices: ProposalChoices;
  onDecided: (decision: string | null) => void;
}) {
  const open = doc.sections.filter((s) => s.status === 'open');
  const [name, setName] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [sections, setSections] = useState(() => open.map((s) => s._id));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(false);
  const pad = useRef<SignaturePad | null>(null);
  const headingId = useId();
  const { approve } = usePublicDecisions(token);
  const noun = doc.document === 'change_order' ? 'change order' : 'proposal';

  const fieldError = (field: string) =>
    Object.entries(errors).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1];
  const otherErrors = Object.entries(errors).filter(([key]) => !PLACED.has(key.split('.')[0]!));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const approving = doc.sectionApproval ? sections : open.map((s) => s._id);
    // Only what the approved sections' lines say is sent: the rest is decided later.
    const lineIds = new Set(open.filter((s) => approving.includes(s._id)).flatMap((s) => s.lines.map((l) => l._id)));
    const input = {
      name,
      signature: pad.current && !pad.current.isEmpty() ? pad.current.toDataURL('image/png') : '',
      acceptTerms: accepted,
      sections: doc.sectionApproval ? sections : null,
      selected: choices.selected.filter((id) => lineIds.has(id)),
      chosen: choices.chosen.filter((id) => lineIds.has(id)),
    };
    const parsed = publicApproveSchema.safeParse(input);
    const found = {
      ...(parsed.success ? {} : issueFields(parsed.error.issues)),
      ...(doc.sectionApproval && sections.length === 0 ? { sections: 'Choose at least one section to approve.' } : {}),
    };
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    setBusy(true);
    let answer: PublicProposal;
    try {
      answer = await approve(parsed.data);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      showSubmitError(error);
      return;
    } finally {
      setBusy(false);
    }
    onDecided(newDecision(doc, answer));
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={submit} noValidate aria-labelledby={headingId}>
        <Stack>
          <Title order={2} size="h3" id={headingId}>
            {doc.sectionApproval ? 'Approve sections' : `Approve this ${noun}`}
          </Title>
          {doc.sectionApproval && (
            <Checkbox.Group
              label="Sections to approve"
              description="You may approve some sections now: the others stay open to decide later."
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
          <TextInput
            label="Your full name"
            autoComplete="name"
            withAsterisk
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError('name')}
          />
          <SignatureField padRef={pad} error={fieldError('signature')} />
          <Checkbox
            label="I accept the terms"
            checked={accepted}
            onChange={(e) => setAccepted(e.currentTarget.checked)}
            error={fieldError('acceptTerms')}
          />
          {otherErrors.length > 0 && (
            <Alert color="red" title="Please check your choices">
              <List size="sm">
                {otherErrors.map(([key, message]) => (
                  <List.Item key={key}>{message}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            Approving signs the {noun} as it is shown above, with the options you chose. You can download the signed
            copy right after.
          </Text>
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={() => setDeclining(true)} disabled={busy}>
              Decline
            </Button>
            <Button type="submit" loading={busy}>
              {doc.sectionApproval ? 'Approve the chosen sections' : 'Approve'}
            </Button>
          </Group>
        </Stack>
      </form>
      <DeclineModal
        token={token}
        doc={doc}
        opened={declining}
        defaultName={name}
        onClose={() => setDeclining(false)}
        onDecided={onDecided}
      />
    </Paper>
  );
}
