import { type Profile, SUBSCRIBE_FAILED } from '@atelier/contracts';
import { Button } from '@mantine/core';
import { IconBell, IconBellRinging } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { authKeys } from '../../lib/auth-api';
import { useProfile } from '../../lib/session';
import { toastError } from '../../lib/toast';

type Subscriptions = Profile['subscriptions'];

/** Follow a record: its followers are notified when someone else changes it. */
export function SubscribeToggle({ entityType, entity }: { entityType: string; entity: string }) {
  const profile = useProfile();
  const queryClient = useQueryClient();
  const subscribed = profile.subscriptions.some((s) => s.entity === entity && s.entityType === entityType);
  const toggle = useMutation({
    mutationFn: () =>
      api<Subscriptions>('POST', '/profile/subscriptions', {
        action: subscribed ? 'unsubscribe' : 'subscribe',
        entity,
        entityType,
      }),
    onSuccess: (subscriptions) =>
      queryClient.setQueryData<Profile | null>(authKeys.profile, (p) => (p ? { ...p, subscriptions } : p)),
    onError: () => toastError(SUBSCRIBE_FAILED),
  });
  return (
    <Button
      variant={subscribed ? 'light' : 'default'}
      leftSection={subscribed ? <IconBellRinging size={16} /> : <IconBell size={16} />}
      aria-pressed={subscribed}
      loading={toggle.isPending}
      onClick={() => toggle.mutate()}
    >
      {subscribed ? 'Subscribed' : 'Subscribe'}
    </Button>
  );
}
