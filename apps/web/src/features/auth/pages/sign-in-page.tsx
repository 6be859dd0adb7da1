import type { SignInBody } from '@atelier/contracts';
import { Anchor, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { lazyNamed } from '../../../components/lazy';
import { showSubmitError } from '../../../lib/forms';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useSession } from '../../../lib/session';

// The page starts with neither zod (the checks load on the first submit) nor the reset dialog.
const resolver = lazyResolver<SignInBody>(async () => (await import('../sign-in-resolver')).signInResolver);
const ForgotPasswordModal = lazyNamed(() => import('../components/forgot-password-modal'), 'ForgotPasswordModal');

export default function SignInPage() {
  const { status, signIn } = useSession();
  // `/?forgot` (linked from emails and pages that offer a password reset) opens the reset dialog.
  const [forgotOpen, forgot] = useDisclosure(useSearchParams()[0].has('forgot'));
  const form = useForm<SignInBody>({ resolver, defaultValues: { email: '', password: '' } });

  if (status === 'signed-in') return <Navigate to="/u/profile" replace />;

  const submit = form.handleSubmit(async (body) => {
    try {
      await signIn(body);
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });

  return (
    <Center py={48}>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2">
                Sign in to Atelier
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                Orders, quotes, products, jobs and accounts for your firm, in one place.
              </Text>
            </div>
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              {...form.register('email')}
              error={form.formState.errors.email?.message}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              {...form.register('password')}
              error={form.formState.errors.password?.message}
            />
            <Group justify="space-between">
              <Anchor component="button" type="button" size="sm" onClick={forgot.open}>
                Forgot password?
              </Anchor>
              <Button type="submit" loading={form.formState.isSubmitting || status === 'loading'}>
                Sign in
              </Button>
            </Group>
            <Text size="sm" c="dimmed" ta="center">
              New to Atelier?{' '}
              <Anchor component={Link} to="/register">
                Create an account for your firm
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
      {forgotOpen && (
        <Suspense>
          <ForgotPasswordModal opened onClose={forgot.close} initialEmail={form.getValues('email')} />
        </Suspense>
      )}
    </Center>
  );
}
