import { ACCOUNT_EXISTS_MESSAGE } from '@atelier/contracts';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { authKeys, registerApi } from '../api';

/**
 * The emailed sign-up link (#token=…, in the fragment so it never reaches a server log). Using it
 * creates the firm and signs in, then onboarding; an address that got an account meanwhile is
 * offered sign-in and a password reset instead.
 */
export default function RegisterConfirmPage() {
  const token = new URLSearchParams(useLocation().hash.replace(/^#/, '')).get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useQuery({
    queryKey: ['sign-up-link', token],
    queryFn: () => registerApi.confirm(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    const profile = confirm.data;
    if (!profile) return;
    // Whoever was signed in before in this browser: none of their data may stay on screen.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.profile[0] });
    queryClient.setQueryData(authKeys.profile, profile);
    toast({ type: 'success', message: `Welcome ${profile.first_name}!` });
    navigate('/onboarding', { replace: true });
  }, [confirm.data, queryClient, navigate]);

  const error = confirm.error instanceof ApiError ? confirm.error : null;
  return (
    <Center py={48}>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={480}>
        <Stack>
          <Title order={1} size="h2">
            Create your firm’s account
          </Title>
          {!token || (error && error.status !== 409) ? (
            <>
              <Alert color="red" title="This link does not work">
                {error?.message ?? 'This sign-up link is incomplete. Open it from the email again, or sign up again.'}
              </Alert>
              <Group>
                <Button component={Link} to="/register">
                  Sign up again
                </Button>
              </Group>
            </>
          ) : error ? (
            <>
              <Alert color="blue" title="You already have an account">
                {ACCOUNT_EXISTS_MESSAGE}
              </Alert>
              <Group>
                <Button component={Link} to="/">
                  Sign in
                </Button>
                <Anchor component={Link} to="/?forgot">
                  Reset your password
                </Anchor>
              </Group>
            </>
          ) : (
            <Group gap="sm">
              <Loader size="sm" />
              <Text>Creating your account…</Text>
            </Group>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
