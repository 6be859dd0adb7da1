import { registerSchema, SIGN_UP_EMAIL_SENT_MESSAGE } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { showSubmitError } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { registerApi } from '../api';

/**
 * Sign-up asks for the firm and its first user; the server emails a link that creates them
 * (decision 0012). The answer is the same whether or not the address has an account, so this
 * page only ever says to check the email.
 */
export default function RegisterPage() {
  const { status } = useSession();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { firm_name: '', first_name: '', last_name: '', email: '', password: '' },
  });
  if (status === 'signed-in') return <Navigate to="/u/profile" replace />;

  const submit = form.handleSubmit(async (body) => {
    try {
      await registerApi.register(body);
      setSentTo(body.email);
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  if (sentTo) return <CheckYourEmail email={sentTo} onBack={() => setSentTo(null)} />;
  const e = form.formState.errors;
  return (
    <Center py={48}>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={480}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2">
                Create your firm’s account
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                You will be its administrator. Next, set up your firm and invite your team.
              </Text>
            </div>
            <TextInput
              label="Firm name"
              autoComplete="organization"
              autoFocus
              {...form.register('firm_name')}
              error={e.firm_name?.message}
            />
            <Group grow align="flex-start">
              <TextInput
                label="First name"
                autoComplete="given-name"
                {...form.register('first_name')}
                error={e.first_name?.message}
              />
              <TextInput
                label="Last name"
                autoComplete="family-name"
                {...form.register('last_name')}
                error={e.last_name?.message}
              />
            </Group>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              {...form.register('email')}
              error={e.email?.message}
            />
            <PasswordInput
              label="Password"
              description="At least 10 characters."
              autoComplete="new-password"
              {...form.register('password')}
              error={e.password?.message}
            />
            <Button type="submit" loading={form.formState.isSubmitting}>
              Create account
            </Button>
            <Text size="sm" c="dimmed" ta="center">
              Already have an account?{' '}
              <Anchor component={Link} to="/">
                Sign in
              </Anchor>
              . By creating an account you accept the{' '}
              <Anchor component={Link} to="/terms-of-service">
                Terms of Service
              </Anchor>
              .
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

function CheckYourEmail({ email, onBack }: { email: string; onBack: () => void }) {
  return (
    <Center py={48}>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={480}>
        <Stack>
          <Title order={1} size="h2">
            {SIGN_UP_EMAIL_SENT_MESSAGE}
          </Title>
          <Text>
            We sent a message to <strong>{email}</strong>. Open the link in it to create your firm’s account and sign
            in. The link works once, for 24 hours.
          </Text>
          <Text size="sm" c="dimmed">
            Nothing arrived after a few minutes? Look in your spam folder, or{' '}
            <Anchor component="button" type="button" onClick={onBack}>
              check the address and send it again
            </Anchor>
            .
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
