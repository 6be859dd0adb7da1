import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** What a page shows to someone without its permission (the server refuses them too). */
export function NoAccess({ message = 'You do not have permission to see this page.' }: { message?: string }) {
  return (
    <Alert color="gray" icon={<IconLock size={18} />} title="No access" maw={560}>
      {message} Ask an administrator of your firm if you need it.
    </Alert>
  );
}
