import { Badge, Box, Loader } from '@mantine/core';
import { useConnectionState } from '../../lib/connection';

export const RECONNECTING_TEXT = 'Reconnecting…';
const EXPLANATION = 'The server is not answering right now. Your changes are kept; it tries again by itself.';

/** Shown in the top bar only while calls wait for the server to answer again. */
export function ConnectionIndicator() {
  const state = useConnectionState();
  if (state === 'online') return null;
  return (
    // The explanation is the browser's own hint (`title`) and the status's description: the
    // public pages load no tooltip code (decision 0024).
    <Badge
      role="status"
      aria-live="polite"
      aria-label={RECONNECTING_TEXT}
      aria-description={EXPLANATION}
      title={EXPLANATION}
      color="yellow"
      variant="light"
      size="lg"
      tt="none"
      leftSection={<Loader size={12} color="yellow" />}
      data-testid="connection-indicator"
    >
      {/* On a phone the spinner alone says it; the words come from the label and the description. */}
      <Box component="span" visibleFrom="sm">
        {RECONNECTING_TEXT}
      </Box>
    </Badge>
  );
}
