import { newPasswordSchema, resetPasswordConfirmSchema } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Center, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { authApi } from '../api';

const formSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The two passwords do not match.' });

/** The emailed link lands here with the token in the fragment (#token=…), which never reaches a server log. */
function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const token = tokenFromHash(useLocation().hash);
  const check = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => authApi.checkReset(token),
    enabled: token.length > 0,
    retry: false,
  });
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: { password: '', confirm: '' } });

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const { message } = await authApi.confirmReset(resetPasswordConfirmSchema.parse({ token, password }));
      toastSuccess(message);
      navigate('/', { replace: true });
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });

  const invalid = !token || (check.error instanceof ApiError && check.error.status === 400);
  return (
    <Center py={48}>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack>
          <Title order={1} size="h2">
            Choose a new password
          </Title>
          {invalid ? (
            <Alert color="red" title="This link cannot be used">
              <Text size="sm">
                {check.error?.message ?? 'This reset link is incomplete. Ask for a new one.'}{' '}
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
                  For {check.data?.email}. Signing in everywhere else ends when you save.
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
                  Save the new password
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
