import { type Proposal, proposalSendSchema } from '@atelier/contracts';
import { Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { formatDateTime } from '../../../lib/format';
import { useCheckedSubmit } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useSendProposal } from '../api';

const today = () => new Date().toLocaleDateString('en-CA');

/**
 * Sends the proposal's link to the client by email: until when it works (the proposal's own
 * date unless changed) and a message of the sender's. Sending a new revision replaces the link
 * sent before.
 */
export function SendModal({ proposal, opened, onClose }: { proposal: Proposal; opened: boolean; onClose: () => void }) {
  const send = useSendProposal(proposal._id);
  const [expiresOn, setExpiresOn] = useState(proposal.validUntil.slice(0, 10));
  const [message, setMessage] = useState('');
  const again = proposal.link?.revision === proposal.revision;
  const { errors, submit } = useCheckedSubmit(proposalSendSchema, send.mutateAsync, (sent) => {
    toastSuccess(
      sent.link
        ? `${proposal.number} emailed to ${proposal.customer.name}: the link works until ${formatDateTime(sent.link.expiresAt)}.`
        : `${proposal.number} emailed to ${proposal.customer.name}.`,
    );
    setMessage('');
    onClose();
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={again ? `Send ${proposal.number} again` : `Send ${proposal.number} to ${proposal.customer.name}`}
    >
      <Stack>
        <Text size="sm">
          {again
            ? `${proposal.customer.name} gets the email again, with the link to revision ${proposal.revision}.`
            : proposal.link
              ? `${proposal.customer.name} gets an email with the link to revision ${proposal.revision}; the link sent before then says it was replaced.`
              : `${proposal.customer.name} gets an email with a link to read the proposal, choose its options and approve it online.`}
        </Text>
        <TextInput
          type="date"
          label="The link works until"
          description="The proposal’s valid-until date unless changed; left empty, that date."
          min={today()}
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.currentTarget.value)}
          error={errors.expiresOn}
        />
        <Textarea
          label="Message"
          description="Written in the email above the link."
          placeholder="Here is our proposal for your kitchen and bathroom, as we discussed."
          autosize
          minRows={3}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={errors.message}
        />
        <DialogActions
          onCancel={onClose}
          confirm={again ? 'Send again' : 'Send'}
          loading={send.isPending}
          onConfirm={() => submit({ expiresOn: expiresOn || null, message })}
        />
      </Stack>
    </Modal>
  );
}
