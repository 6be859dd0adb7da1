import { invitationInputSchema, type Role, type StaffMember } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useSettings } from '../../settings/api';
import { useInvite } from '../api';

/** Invites one person by email; used on /s/manage, /u/employees and in onboarding. */
export function InviteForm({ roles, onInvited }: { roles: Role[]; onInvited?: (member: StaffMember) => void }) {
  const invite = useInvite();
  // The firm's usual role for a newcomer (employee settings), when it is still one of its roles.
  const usual = useSettings().data?.employeeSettings.defaultRole;
  const start = usual && roles.some((r) => r._id === usual) ? [usual] : [];
  const form = useForm({
    resolver: zodResolver(invitationInputSchema),
    values: { email: '', first_name: '', last_name: '', roles: start },
    resetOptions: { keepDirtyValues: true },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const member = await invite.mutateAsync(values);
      toastSuccess(`Invitation sent to ${member.email}.`);
      form.reset();
      onInvited?.(member);
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  const e = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Email" type="email" {...form.register('email')} error={e.email?.message} />
          <TextInput label="First name" {...form.register('first_name')} error={e.first_name?.message} />
          <TextInput label="Last name" {...form.register('last_name')} error={e.last_name?.message} />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="roles"
          render={({ field }) => (
            <MultiSelect
              label="Roles"
              placeholder="Choose roles"
              data={roles.map((r) => ({ value: r._id, label: r.name }))}
              value={field.value ?? []}
              onChange={field.onChange}
              error={e.roles?.message}
              clearable
            />
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
