import { Button } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../features/auth/session';

export function SignOutButton() {
  const { signOut } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="subtle"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        await signOut();
      }}
    >
      Sign out
    </Button>
  );
}
