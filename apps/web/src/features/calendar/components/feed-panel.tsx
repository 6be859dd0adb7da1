import { Alert, Button, CopyButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useFeed, useMakeFeed, useRevokeFeed } from '../api';

/**
 * "Subscribe on your phone": a private address of one's own items for a calendar app, shown
 * once when made; a new one replaces it, and it can be turned off.
 */
export function FeedPanel() {
  const feed = useFeed();
  const make = useMakeFeed();
  const revoke = useRevokeFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const active = feed.data?.active ?? false;
  const makeAddress = () =>
    make.mutate(undefined, {
      onSuccess: (made) => setUrl(made.url),
      onError: (error) => showSubmitError(error),
    });

  return (
    <Stack gap="sm">
      <Text size="sm">
        Your own items (tasks given to you, jobs you manage, routes you drive, your leads’ follow-ups, your quotes and
        purchase orders) from a month ago to six months ahead, in the calendar app on your phone. It checks for changes
        every hour or so.
      </Text>
      <Text size="sm" c="dimmed">
        The address is private: anyone who has it can read these items without signing in. If it may have been shared,
        make a new one; the old one stops working at once.
      </Text>
      {feed.isPending ? (
        <Loader size="sm" aria-label="Loading" />
      ) : feed.isError ? (
        <Alert color="red" title="Your calendar address did not load">
          {feed.error.message}
        </Alert>
      ) : (
        <Text size="sm" fw={500}>
          {active && feed.data.createdAt
            ? `Your address was made ${formatDateTime(feed.data.createdAt)}. ${
                feed.data.lastUsedAt
                  ? `A calendar last read it ${formatDateTime(feed.data.lastUsedAt)}.`
                  : 'No calendar has read it yet.'
              }`
            : 'You have no calendar address yet.'}
        </Text>
      )}
      {url && (
        <Alert color="green" title="Your new address">
          <Stack gap="xs">
            <Text size="sm">Copy it now: it is shown only this once.</Text>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                aria-label="Your calendar address"
                value={url}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
              />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    variant="default"
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    onClick={copy}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs">
              On an iPhone: Settings, Calendar, Calendar Accounts, Add Account, Other, Add Subscribed Calendar. In
              Google Calendar on a computer: Other calendars, the plus sign, From URL.
            </Text>
          </Stack>
        </Alert>
      )}
      <Group gap="xs">
        <Button onClick={makeAddress} loading={make.isPending} disabled={feed.isPending}>
          {active ? 'Make a new address' : 'Make my address'}
        </Button>
        {active && (
          <Button variant="default" color="red" onClick={() => setAsking(true)}>
            Turn off
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={asking}
        title="Turn off your calendar address?"
        text="Calendar apps that read it stop getting your items at once. You can make a new address later."
        confirm="Turn off"
        color="red"
        done="Your calendar address is turned off."
        run={() => revoke.mutateAsync().then(() => setUrl(null))}
        loading={revoke.isPending}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
