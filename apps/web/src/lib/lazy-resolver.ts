import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose schema loads on the first validation (the first submit), with zod
 * behind it: a public page such as sign-in then starts without them (decision 0024).
 */
export function lazyResolver<V extends FieldValues>(load: () => Promise<Resolver<V>>): Resolver<V> {
  let resolver: Promise<Resolver<V>> | undefined;
  return async (values, context, options) => {
    resolver ??= load().catch((error) => {
      // A failed load (the server away) is tried again on the next submit.
      resolver = undefined;
      throw error;
    });
    return (await resolver)(values, context, options);
  };
}
