import { z } from 'zod';

/**
 * `/:id` path parameters. Left as a plain string: a malformed id matches no record, so services
 * answer 404 exactly as for a missing or another firm's record (check with `isUuid`).
 */
export const idParams = z.object({ id: z.string() });
