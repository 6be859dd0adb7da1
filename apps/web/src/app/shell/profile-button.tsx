import { Avatar, UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { useSession } from '../../lib/session';

/** The avatar, ringed green while clocked in: the profile menu's target, and its stand-in until the menu loads. */
export function ProfileButton(props: ComponentPropsWithRef<'button'>) {
  const { profile } = useSession();
  if (!profile) return null;
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  return (
    <UnstyledButton aria-label="Profile menu" style={{ borderRadius: '50%' }} {...props}>
      <Avatar
        src={profile.image}
        name={name}
        color="initials"
        radius="xl"
        data-clocked-in={profile.clocked_in || undefined}
        style={
          profile.clocked_in
            ? { boxShadow: '0 0 0 2px var(--mantine-color-body), 0 0 0 4px var(--mantine-color-green-6)' }
            : undefined
        }
      />
    </UnstyledButton>
  );
}
