import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * `useMergeRefs` of @floating-ui/react, the one thing Mantine's ScrollArea takes from it: the
 * build gives ScrollArea this one instead (vite.config.ts), so a list's table, which scrolls in a
 * ScrollArea, does not bring the whole positioning library (15 kB gzipped) to the first load.
 * Mantine's own hook does the same: one callback ref that sets every ref and clears them after.
 */
export function useMergeRefs<T>(refs: (Ref<T> | undefined)[]) {
  return useMergedRef(...refs);
}
