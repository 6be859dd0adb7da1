import { changePasswordSchema, newPasswordSchema, type Profile } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Modal, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ImageInput } from '../../../components/image-input';
import { PageHeader } from '../../../components/page-header';
import { api } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { useProfile } from '../../../lib/session';
import { PROFILE_SUCCESS_DURATION, toast, toastError, toastSuccess } from '../../../lib/toast';
import { authKeys } from '../../auth/api';

const nameSchema = z.object({
  first_name: z.string().trim().min(1, 'Enter your first name.').max(80, 'Use at most 80 characters.'),
  last_name: z.string().trim().max(80, 'Use at most 80 characters.'),
});

function useSaveProfile() {
  const queryClient = useQueryClient();
  return async (patch: Partial<Pick<Profile, 'first_name' | 'last_name' | 'image'>>) => {
    const profile = await api<Profile>('PUT', '/profile/', patch);
    queryClient.setQueryData(authKeys.profile, profile);
    // Spec section 9: successes after profile actions last 3000 ms.
    toastSuccess('Your profile was saved.', PROFILE_SUCCESS_DURATION);
  };
}

function NameAndPhoto() {
  const profile = useProfile();
  const save = useSaveProfile();
  const form = useForm({
    resolver: zodResolver(nameSchema),
    values: { first_name: profile.first_name, last_name: profile.last_name },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save(values);
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Name and photo
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ImageInput
            label="Photo"
            value={profile.image}
            previewHeight={72}
            onChange={(image) => save({ image }).catch((e) => toastError((e as Error).message))}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="First name"
              autoComplete="given-name"
              {...form.register('first_name')}
              error={form.formState.errors.first_name?.message}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              {...form.register('last_name')}
              error={form.formState.errors.last_name?.message}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            value={profile.email}
            readOnly
            description="Ask an administrator of your firm to change it."
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const passwordFormSchema = changePasswordSchema
  .extend({ new_password: newPasswordSchema, confirm: z.string() })
  .refine((v) => v.new_password === v.confirm, { path: ['confirm'], message: 'The two passwords do not match.' });

function ChangePassword() {
  const form = useForm({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { current_password: '', new_password: '', confirm: '' },
  });
  const submit = form.handleSubmit(async ({ current_password, new_password }) => {
    try {
      await api('PUT', '/profile/password', { current_password, new_password });
      // Spec section 7: a toast, then the page reloads (other sessions have ended).
      toastSuccess('Your password has been changed.', PROFILE_SUCCESS_DURATION);
      window.setTimeout(() => window.location.reload(), 1200);
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  const e = form.formState.errors;
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Password
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.register('current_password')}
            error={e.current_password?.message}
          />
          <PasswordInput
            label="New password"
            description="At least 10 characters."
            autoComplete="new-password"
            {...form.register('new_password')}
            error={e.new_password?.message}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            {...form.register('confirm')}
            error={e.confirm?.message}
          />
          <Text size="xs" c="dimmed">
            Changing it signs you out everywhere else.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** After this browser's session ended on purpose: forget everything cached, tell the user, go to `/`. */
function useLeave() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (message: string) => {
    toast({ type: 'success', message, duration: PROFILE_SUCCESS_DURATION });
    queryClient.clear();
    queryClient.setQueryData(authKeys.profile, null);
    navigate('/');
  };
}

/** A card that explains an action on the account, and asks before doing it. */
function ConfirmedAction(props: {
  title: string;
  explanation: string;
  button: string;
  color?: string;
  question: string;
  consequence: string;
  keep: string;
  act: () => Promise<void>;
}) {
  const [opened, modal] = useDisclosure(false);
  const act = async () => {
    try {
      await props.act();
    } catch (error) {
      modal.close();
      toastError((error as Error).message);
    }
  };
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        {props.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {props.explanation}
      </Text>
      <Button color={props.color} variant={props.color ? 'light' : 'default'} onClick={modal.open}>
        {props.button}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={props.question} centered>
        <Text size="sm">{props.consequence}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={modal.close}>
            {props.keep}
          </Button>
          <Button color={props.color} onClick={act}>
            {props.button}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

function SignOutEverywhere() {
  const leave = useLeave();
  return (
    <ConfirmedAction
      title="Sign out everywhere"
      explanation="Ends your session on every device and browser, this one included, and voids any password-reset link you were sent. Use it if you signed in on a shared computer or lost a device."
      button="Sign out everywhere"
      question="Sign out on every device?"
      consequence="You will need your password to sign in again, here and everywhere else."
      keep="Stay signed in"
      act={async () => {
        await api('POST', '/profile/sign-out-everywhere');
        leave('You have been signed out on every device.');
      }}
    />
  );
}

function DeleteAccount() {
  const leave = useLeave();
  return (
    <ConfirmedAction
      title="Delete account"
      explanation="Your sign-in details and photo are removed and you are signed out everywhere. Your name stays in your firm’s history of changes."
      button="Delete my account"
      color="red"
      question="Delete your account?"
      consequence="This cannot be undone."
      keep="Keep my account"
      act={async () => {
        await api('DELETE', '/profile');
        leave('Your account has been deleted.');
      }}
    />
  );
}

export default function ProfileSettingsPage() {
  return (
    <Stack maw={760} mx="auto">
      <PageHeader title="My settings" />
      <NameAndPhoto />
      <ChangePassword />
      <SignOutEverywhere />
      <DeleteAccount />
    </Stack>
  );
}
