import { Stack } from '@mantine/core';
import { LazySuspense, lazyNamed } from '../../../components/lazy';
import { InteractionsTab } from '../../../components/record/interactions-tab';
import { useRecord } from '../../../components/record/record-outlet';
import { useMessaging } from '../api';

// Only firms with the messaging module load its code.
const MessagesCard = lazyNamed(() => import('../components/messages-card'), 'MessagesCard');

/**
 * A record's Interactions tab: with the messaging module, and for the kinds a message can be
 * about (customers, leads, accounts, jobs), its conversations above the interactions.
 */
export function InteractionsWithMessagesTab() {
  const { path, record } = useRecord<unknown>();
  const messaging = useMessaging(path);
  return (
    <Stack>
      {messaging && (
        <LazySuspense>
          <MessagesCard kind={messaging} path={path} record={record} />
        </LazySuspense>
      )}
      <InteractionsTab />
    </Stack>
  );
}
