import { newPasswordSchema } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Center, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { toast, toastSuccess } from '../../../lib/toast';
import { authApi, authKeys, registerApi } from '../api';

const formSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The two passwords do not match.' });

/**
 * Emailed links land here with their token in the fragment (#token=… to reset a password,
 * #invitation=… to join a firm), which never reaches a server log.
 */
function linkFromHash(hash: string): { kind: 'reset' | 'invitation'; token: string } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const invitation = params.get('invitation');
  return invitation ? { kind: 'invitation', token: invitation } : { kind: 'reset', token: params.get('token') ?? '' };
}

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { kind, token } = linkFromHash(useLocation().hash);
  const check = useQuery({
    queryKey: ['emailed-link', kind, token],
    queryFn: async () =>
      kind === 'invitation'
        ? registerApi.checkInvitation(token)
        : { ...(await authApi.checkReset(token)), first_name: '', firm_name: '' },
    enabled: token.length > 0,
    retry: false,
  });
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: { password: '', confirm: '' } });

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      if (kind === 'invitation') {
        const profile = await registerApi.acceptInvitation({ token, password });
        // Whoever was signed in before in this browser: none of their data may stay on screen.
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.profile[0] });
        queryClient.setQueryData(authKeys.profile, profile);
        toast({ type: 'success', message: `Welcome ${profile.first_name}!` });
        navigate('/u/profile', { replace: true });
      } else {
        const { message } = await authApi.confirmReset({ token, password });
        toastSuccess(message);
        navigate('/', { replace: true });
      }
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });

  const invalid = !token || (check.error instanceof ApiError && check.error.status === 400);
  const title =
    kind === 'invitation' ? `Join ${check.data?.firm_name ?? 'your firm'} on Atelier` : 'Choose a new password';
  return (
    <Center py={48}>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {invalid ? (
            <Alert color="red" title="This link cannot be used">
              <Text size="sm">
                {check.error?.message ?? 'This link is incomplete. Ask for a new one.'}{' '}
                <Anchor component={Link} to="/">
                  Back to sign in
                </Anchor>
              </Text>
            </Alert>
          ) : check.isPending ? (
            <Center>
              <Loader aria-label="Checking your link" />
            </Center>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack>
                <Text size="sm" c="dimmed">
                  {kind === 'invitation'
                    ? `Hello ${check.data?.first_name}. Choose a password for ${check.data?.email} to sign in.`
                    : `For ${check.data?.email}. Signing in everywhere else ends when you save.`}
                </Text>
                <PasswordInput
                  label="New password"
                  description="At least 10 characters."
                  autoComplete="new-password"
                  autoFocus
                  {...form.register('password')}
                  error={form.formState.errors.password?.message}
                />
                <PasswordInput
                  label="Repeat the new password"
                  autoComplete="new-password"
                  {...form.register('confirm')}
                  error={form.formState.errors.confirm?.message}
                />
                <Button type="submit" loading={form.formState.isSubmitting}>
                  {kind === 'invitation' ? 'Set my password and sign in' : 'Save the new password'}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
