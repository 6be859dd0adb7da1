import {
  MAX_SMS_LENGTH,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  type MessageChannel,
  type MessageKind,
  type MessageRecipient,
  messageInputSchema,
  P,
  SMS_NOT_CONNECTED,
} from '@atelier/contracts';
import { Alert, Loader, Modal, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { useCheckedSubmit } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useMessageRecipients, useSendMessage } from '../api';
import { NoRecipient } from './no-recipient';
import { TemplatePicker } from './template-picker';

/** A reply in one of the record's email conversations: its thread, its subject, and whom it was with. */
export type Reply = { thread: string; subject: string; to: string };

const recipientLabel = (r: MessageRecipient) =>
  !r.label || r.label === r.value ? r.value : r.label.includes(r.value) ? r.label : `${r.label} (${r.value})`;

/**
 * Writes an email or a text to the person a record is about, or replies in one of its email
 * conversations. It goes only to the record's own addresses and numbers; texts are written to the
 * server's log while no text-message provider is connected, and the form says so.
 */
export function ComposeMessage(props: {
  kind: MessageKind;
  path: string;
  /** The record, for where its missing address may be added (a job's customer). */
  record?: unknown;
  channel: MessageChannel;
  reply?: Reply;
  onClose: () => void;
}) {
  const { reply, onClose } = props;
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
  const { can } = useCan();
  const recipients = useMessageRecipients(props.path);
  const send = useSendMessage(props.path);
  const [channel, setChannel] = useState<MessageChannel>(reply ? 'email' : props.channel);
  const [chosen, setChosen] = useState(reply?.to ?? '');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const options = (recipients.data ?? []).filter((r) => r.channel === channel);
  // The one chosen while it is among this channel's, else the first of them.
  const to = options.some((r) => r.value === chosen) ? chosen : (options[0]?.value ?? '');
  const email = channel === 'email';
  const { errors, submit } = useCheckedSubmit(messageInputSchema, send.mutateAsync, (sent) => {
    toastSuccess(sent.channel === 'email' ? `Email sent to ${sent.to}.` : `Text written to the log for ${sent.to}.`);
    onClose();
  });
  const none = recipients.isSuccess && options.length === 0;
  const title = reply ? `Reply: ${reply.subject}` : email ? 'Write an email' : 'Send a text';
  return (
    <Modal opened onClose={onClose} title={title} size="lg" fullScreen={phone}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit({ channel, to, subject: email && !reply ? subject : '', body, thread: reply?.thread ?? null });
        }}
      >
        <Stack>
          {!reply && (
            <SegmentedControl
              aria-label="Send as"
              data={MESSAGE_CHANNELS.map((c) => ({ value: c, label: MESSAGE_CHANNEL_LABELS[c] }))}
              value={channel}
              onChange={(v) => setChannel(v as MessageChannel)}
              w="fit-content"
            />
          )}
          {!email && (
            <Alert color="yellow" role="note">
              {SMS_NOT_CONNECTED}
            </Alert>
          )}
          {recipients.isPending && <Loader size="sm" aria-label="Loading the addresses" />}
          {recipients.isError && (
            <Alert color="red" title="The addresses could not be loaded">
              {recipients.error.message}
            </Alert>
          )}
          {none ? (
            <NoRecipient kind={props.kind} path={props.path} record={props.record} channel={channel} />
          ) : (
            recipients.isSuccess && (
              <Select
                label="To"
                data={options.map((r) => ({ value: r.value, label: recipientLabel(r) }))}
                value={to || null}
                onChange={(v) => setChosen(v ?? '')}
                allowDeselect={false}
                error={errors.to}
              />
            )
          )}
          {none && errors.to && (
            <Text size="sm" c="red">
              {errors.to}
            </Text>
          )}
          {email && can(P.MODIFY_EMAIL_TEMPLATES) && (
            <TemplatePicker
              path={props.path}
              typed={Boolean(body.trim() || (!reply && subject.trim()))}
              bodyOnly={Boolean(reply)}
              onDraft={(draft) => {
                if (!reply) setSubject(draft.subject);
                setBody(draft.body);
              }}
            />
          )}
          {email &&
            (reply ? (
              <Text size="sm" c="dimmed">
                Subject: Re: {reply.subject.replace(/^re:\s*/i, '')}
              </Text>
            ) : (
              <TextInput
                label="Subject"
                value={subject}
                onChange={(e) => setSubject(e.currentTarget.value)}
                error={errors.subject}
                maxLength={200}
              />
            ))}
          <Textarea
            label="Message"
            autosize
            minRows={email ? 6 : 3}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={errors.body}
            description={
              email
                ? 'Plain text. Replies come back to this record.'
                : `${body.trim().length.toLocaleString('en-US')} of ${MAX_SMS_LENGTH.toLocaleString('en-US')} characters`
            }
          />
          {(errors.thread || errors.channel) && (
            <Text size="sm" c="red">
              {errors.thread ?? errors.channel}
            </Text>
          )}
          <DialogActions
            onCancel={onClose}
            confirm={email ? 'Send email' : 'Send text'}
            loading={send.isPending}
            disabled={!recipients.isSuccess || none}
          />
        </Stack>
      </form>
    </Modal>
  );
}
