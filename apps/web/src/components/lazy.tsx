import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

/**
 * `React.lazy` for a named export: the component's module (a form and its inputs, a modal, a
 * settings tab) loads when it first renders, so the page that holds it starts without that
 * code. It renders under a `LazySuspense` (record pages and their tabs have one).
 */
// biome-ignore lint/suspicious/noExplicitAny: any component's props
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** Where a lazily loaded part shows while its code arrives. */
export function LazySuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
