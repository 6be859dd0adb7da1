import { signInBodySchema } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';

/** The sign-in form's checks, loaded on its first submit (`lazyResolver`). */
export const signInResolver = zodResolver(signInBodySchema);
