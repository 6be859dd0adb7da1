import { Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page that is only a message to the client (a link that no longer works, a replaced proposal). */
export function PublicMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center py={48}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md" w="100%" maw={520}>
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
