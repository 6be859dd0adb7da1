import {
  messageSchema,
  PASSWORD_RESET_DONE_MESSAGE,
  profileSchema,
  RESET_EMAIL_SENT_MESSAGE,
  resetPasswordConfirmSchema,
  resetPasswordRequestSchema,
  signInBodySchema,
} from '@atelier/contracts';
import { z } from 'zod';
import { PUBLIC, PUBLIC_WITH_SESSION, SIGNED_IN } from '../http/access';
import { defineRoute } from '../http/routes';
import { getProfile } from '../identity/profile';
import {
  checkResetToken,
  confirmPasswordReset,
  requestPasswordReset,
  signIn,
  signOut,
  signOutEverywhere,
} from './auth.service';
import { clearSessionCookies, RETURN_COOKIE, setSessionCookies } from './cookies';
import { endSessionByToken } from './sessions';
import { reserveResetRequest, reserveSignIn } from './throttle';

export const authRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/auth/',
    access: PUBLIC,
    body: signInBodySchema,
    response: profileSchema,
    limit: ({ db, deps, meta, body }) => reserveSignIn(db, deps.config, body.email, meta.ip),
    handler: async ({ db, deps, meta, body, reply }) => {
      const { token, profile } = await signIn(db, deps, meta, body);
      setSessionCookies(reply, token, deps.config);
      return profile;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/auth/',
    access: SIGNED_IN,
    response: profileSchema,
    handler: ({ db, actor }) => getProfile(db, actor),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/auth/',
    access: PUBLIC_WITH_SESSION,
    status: 204,
    handler: async ({ db, actor, deps, req, reply }) => {
      await signOut(db, actor);
      // Signing out while signed in as a customer ends the staff session kept for the way back too.
      const kept = req.cookies[RETURN_COOKIE];
      if (kept) await endSessionByToken(db, kept);
      clearSessionCookies(reply, deps.config);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/profile/sign-out-everywhere',
    access: SIGNED_IN,
    status: 204,
    handler: async ({ db, actor, deps, reply }) => {
      await signOutEverywhere(db, actor);
      clearSessionCookies(reply, deps.config);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/reset-password',
    access: PUBLIC,
    body: resetPasswordRequestSchema,
    response: messageSchema,
    limit: ({ db, deps, meta }) => reserveResetRequest(db, deps.config, meta.ip),
    handler: async ({ db, deps, body }) => {
      await requestPasswordReset(db, deps, body.email);
      return { message: RESET_EMAIL_SENT_MESSAGE };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/reset-password/check',
    access: PUBLIC,
    body: resetPasswordConfirmSchema.pick({ token: true }),
    // The address the reset link was sent to, shown on the reset page.
    response: z.strictObject({ email: z.string() }),
    handler: ({ db, body }) => checkResetToken(db, body.token),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/reset-password/confirm',
    access: PUBLIC,
    body: resetPasswordConfirmSchema,
    response: messageSchema,
    handler: async ({ db, deps, body }) => {
      await confirmPasswordReset(db, deps, body);
      return { message: PASSWORD_RESET_DONE_MESSAGE };
    },
  }),
];
