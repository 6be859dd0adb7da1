import { Button, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { isChunkLoadError, recoverFromChunkError } from './shell/chunk-errors';

/** Shown when a page fails to load or render. A missing chunk reloads the app once first. */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  if (chunk && recoverFromChunkError(error)) return null;
  if (!chunk) console.error('[atelier] page error', error);
  return (
    <Stack align="center" py={64} gap="sm" ta="center" px="md">
      <Title order={1}>{chunk ? 'Atelier was updated' : 'Something went wrong'}</Title>
      <Text c="dimmed" maw={440}>
        {chunk
          ? 'This page belongs to a newer version of Atelier than the one open in your browser. Reload to get it.'
          : 'This page could not be shown. Reloading usually helps; if it keeps happening, tell your administrator.'}
      </Text>
      <Button onClick={() => window.location.reload()} mt="md">
        Reload
      </Button>
    </Stack>
  );
}
