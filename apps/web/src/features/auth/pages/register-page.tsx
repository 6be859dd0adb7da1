import { registerSchema } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { showSubmitError } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { authKeys, registerApi } from '../api';
import { useSession } from '../session';

export default function RegisterPage() {
  const { status } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { firm_name: '', first_name: '', last_name: '', email: '', password: '' },
  });
  if (status === 'signed-in') return <Navigate to="/u/profile" replace />;

  const submit = form.handleSubmit(async (body) => {
    try {
      const profile = await registerApi.register(body);
      queryClient.setQueryData(authKeys.profile, profile);
      toast({ type: 'success', message: `Welcome ${profile.first_name}!` });
      navigate('/onboarding');
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
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
