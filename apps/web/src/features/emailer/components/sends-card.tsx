import { EMAIL_SEND_STATUS_LABELS, type Email, type EmailSend, P } from '@atelier/contracts';
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../../components/lazy';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useEmailSends } from '../api';

const SendDialog = lazyNamed(() => import('./send-dialog'), 'SendDialog');

const number = (n: number) => n.toLocaleString('en-US');

const HEAD = [
  'Sent',
  'By',
  'Subject',
  'Recipients',
  'Delivered',
  'Bounced',
  'Waiting',
  'Skipped',
  'Opened',
  'Clicked',
  'Unsubscribed',
  'Status',
];

function StatusBadge({ send }: { send: EmailSend }) {
  return send.status === 'sending' ? (
    <Badge color="blue" variant="light" miw="max-content" leftSection={<Loader size={10} color="blue" />}>
      {EMAIL_SEND_STATUS_LABELS.sending}
    </Badge>
  ) : (
    <Badge color="green" variant="light" miw="max-content">
      {EMAIL_SEND_STATUS_LABELS.sent}
    </Badge>
  );
}

/**
 * The email's sends, newest first, with what came of each so far (refreshed every few seconds
 * while one is going out); and, for holders of code 102, "Send…" to send it to a segment.
 */
export function SendsCard({ email }: { email: Email }) {
  const { can } = useCan();
  const sends = useEmailSends(email._id);
  const [sending, setSending] = useState(false);
  const empty = email.blocks.length === 0;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            Sends
          </Title>
          {can(P.SEND_MARKETING_EMAIL) && (
            <Button
              leftSection={<IconSend size={16} />}
              disabled={empty}
              title={empty ? 'Add blocks on the Editor tab first.' : undefined}
              onClick={() => setSending(true)}
            >
              Send…
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Delivered and bounced are what the mail server answered when each email went out. Opens and clicks are counted
          only while tracking is on in messaging settings.
        </Text>
        {sends.isPending ? (
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        ) : sends.isError ? (
          <Text size="sm" c="red.8">
            {sends.error.message}
          </Text>
        ) : sends.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not sent yet.
          </Text>
        ) : (
          <ScrollTable
            minWidth={1100}
            head={HEAD}
            rows={sends.data.map((s) => ({
              key: s._id,
              cells: [
                formatDateTime(s.createdAt),
                s.by?.name ?? '—',
                s.subject,
                number(s.recipients),
                number(s.delivered),
                number(s.bounced),
                number(s.waiting),
                number(s.skipped),
                number(s.opened),
                number(s.clicked),
                number(s.unsubscribed),
                <StatusBadge key="status" send={s} />,
              ],
            }))}
          />
        )}
      </Stack>
      {sending && (
        <Suspense fallback={null}>
          <SendDialog email={email} opened onClose={() => setSending(false)} />
        </Suspense>
      )}
    </Card>
  );
}
