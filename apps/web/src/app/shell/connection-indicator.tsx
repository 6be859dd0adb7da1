import { Badge, Box, Loader, Tooltip } from '@mantine/core';
import { useConnectionState } from '../../lib/connection';

export const RECONNECTING_TEXT = 'Reconnecting…';
const EXPLANATION = 'The server is not answering right now. Your changes are kept; it tries again by itself.';

/** Shown in the top bar only while calls wait for the server to answer again. */
export function ConnectionIndicator() {
  const state = useConnectionState();
  if (state === 'online') return null;
  return (
    <Tooltip label={EXPLANATION} multiline w={240} withArrow>
      <Badge
        role="status"
        aria-live="polite"
        aria-label={RECONNECTING_TEXT}
        color="yellow"
        variant="light"
        size="lg"
        tt="none"
        leftSection={<Loader size={12} color="yellow" />}
        data-testid="connection-indicator"
      >
        {/* On a phone the spinner alone says it; the words come from the tooltip and the label. */}
        <Box component="span" visibleFrom="sm">
          {RECONNECTING_TEXT}
        </Box>
      </Badge>
    </Tooltip>
  );
}
