import {
  type EmailRow,
  KINDS,
  type ListPage,
  MESSAGE_KINDS,
  type MessageDraft,
  type MessageInput,
  type MessageKind,
  type MessageRecipient,
  type MessageThread,
  type OneMessage,
} from '@atelier/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type RecordPath, recordKeys, useRecordMutation } from '../../components/record/api';
import { api } from '../../lib/api';
import { useCan } from '../../lib/permissions';

/** How often a record's conversations are asked for again while its tab is open, so replies show up. */
export const MESSAGES_POLL_MS = 15_000;

// Under the record's key: anything that refreshes the record refreshes its messages too.
export const messageKeys = {
  threads: (path: RecordPath) => [...recordKeys.all(path), 'messages'] as const,
  recipients: (path: RecordPath) => [...recordKeys.all(path), 'message-recipients'] as const,
  templates: ['message-templates'] as const,
};

/** The messaging kind of the record at `path` (its API address), or null for a kind that has no messages. */
export const messageKindOf = (path: RecordPath): MessageKind | null =>
  MESSAGE_KINDS.find((kind) => path.startsWith(`${KINDS[kind].apiPath}/`)) ?? null;

/** The kind whose messages the record's Interactions tab shows: a messaging kind, with the firm's messaging module. */
export function useMessaging(path: RecordPath): MessageKind | null {
  const { hasFeature } = useCan();
  return hasFeature('messaging') ? messageKindOf(path) : null;
}

/** The record's conversations, newest first, each with its messages oldest first. */
export const useMessageThreads = (path: RecordPath) =>
  useQuery({
    queryKey: messageKeys.threads(path),
    queryFn: () => api<MessageThread[]>('GET', `${path}/messages`),
    refetchInterval: MESSAGES_POLL_MS,
    refetchOnWindowFocus: true,
  });

/** The record's own addresses and numbers: the only ones a message may go to. */
export const useMessageRecipients = (path: RecordPath) =>
  useQuery({
    queryKey: messageKeys.recipients(path),
    queryFn: () => api<MessageRecipient[]>('GET', `${path}/message-recipients`),
  });

/** Sends an email or writes a text; the conversations (and the record's other tabs) refresh. */
export const useSendMessage = (path: RecordPath) =>
  useRecordMutation(path, (input: MessageInput) => api<OneMessage>('POST', `${path}/messages`, input));

/** An email template's words, filled in for the record's person. */
export const useMessageDraft = (path: RecordPath) =>
  useMutation({
    mutationFn: (template: string) => api<MessageDraft>('POST', `${path}/message-drafts`, { template }),
  });

/** The firm's email templates, for "From a template"; asked only of those who may read them (99). */
export const useEmailTemplates = (enabled: boolean) =>
  useQuery({
    queryKey: messageKeys.templates,
    queryFn: () => api<ListPage<EmailRow>>('GET', KINDS.email.apiPath, undefined, { limit: 100 }),
    enabled,
    select: (page) => page.items,
    staleTime: 60_000,
  });
