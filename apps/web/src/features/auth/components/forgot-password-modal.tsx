import { resetPasswordRequestSchema } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { DialogActions } from '../../../components/dialog-actions';
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
          <DialogActions onCancel={onClose} confirm="Send reset link" loading={form.formState.isSubmitting} />
        </Stack>
      </form>
    </Modal>
  );
}
