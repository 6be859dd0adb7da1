import type { Profile } from '@atelier/contracts';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { showSubmitError } from '../../lib/forms';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { authKeys } from './api';

/** Switches the whole app to another profile: nothing cached for the previous one survives. */
function useSwitchProfile() {
  const queryClient = useQueryClient();
  return (profile: Profile | null) => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.profile[0] });
    queryClient.setQueryData(authKeys.profile, profile);
  };
}

/** Opens the app as one of the firm's customers (permission 11). */
export function useSignInAs() {
  const switchTo = useSwitchProfile();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (customerId: string) => api<Profile>('POST', `/customers/${customerId}/sign-in-as`),
    onSuccess: (profile) => {
      switchTo(profile);
      navigate('/u/profile');
    },
    onError: (error) => showSubmitError(error),
  });
}

/** "Signed in as … — return": shown on every page while a staff member is signed in as a customer. */
export function ImpersonationBanner() {
  const { profile } = useSession();
  const switchTo = useSwitchProfile();
  const navigate = useNavigate();
  const back = useMutation({
    mutationFn: () => api<{ profile: Profile | null }>('DELETE', '/auth/impersonation'),
    onSuccess: ({ profile: own }) => {
      switchTo(own);
      if (own) navigate('/u/customers');
      else {
        toast({ type: 'error', message: 'Your own session has ended meanwhile. Please sign in again.' });
        navigate('/');
      }
    },
    onError: (error) => showSubmitError(error),
  });
  if (!profile?.impersonator) return null;
  return (
    <Alert color="yellow" variant="filled" radius={0} p="xs" role="status">
      <Group justify="center" gap="xs">
        <Text size="sm" fw={600}>
          Signed in as {`${profile.first_name} ${profile.last_name}`.trim()} —
        </Text>
        <Button size="compact-sm" variant="white" color="dark" onClick={() => back.mutate()} loading={back.isPending}>
          return
        </Button>
      </Group>
    </Alert>
  );
}
