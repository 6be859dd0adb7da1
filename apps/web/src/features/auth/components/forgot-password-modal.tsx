import { resetPasswordRequestSchema } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { authApi } from '../api';

type Props = { opened: boolean; onClose: () => void; initialEmail: string };

export function ForgotPasswordModal({ opened, onClose, initialEmail }: Props) {
  const form = useForm({ resolver: zodResolver(resetPasswordRequestSchema), values: { email: initialEmail } });

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      const { message } = await authApi.requestReset(email);
      toastSuccess(message);
      onClose();
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Reset your password" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Enter the email address you sign in with. We will send you a link to choose a new password.
          </Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            data-autofocus
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Send reset link
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
