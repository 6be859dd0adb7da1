import {
  PASSWORD_RESET_DONE_MESSAGE,
  RESET_EMAIL_SENT_MESSAGE,
  resetPasswordConfirmSchema,
  resetPasswordRequestSchema,
  signInBodySchema,
} from '@atelier/contracts';
import { getProfile } from '../../modules/profile/profile.service';
import { PUBLIC, PUBLIC_WITH_SESSION, SIGNED_IN } from '../http/access';
import { defineRoute } from '../http/routes';
import {
  checkResetToken,
  confirmPasswordReset,
  requestPasswordReset,
  signIn,
  signOut,
  signOutEverywhere,
} from './auth.service';
import { clearSessionCookies, setSessionCookies } from './cookies';
import { endImpersonation, RETURN_COOKIE } from './impersonation';
import { endSessionByToken } from './sessions';
import { reserveResetRequest, reserveSignIn } from './throttle';

export const authRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/auth/',
    access: PUBLIC,
    body: signInBodySchema,
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
  // Back from "signed in as a customer" to one's own session; profile is null when that session
  // has ended meanwhile (then one signs in again).
  defineRoute({
    method: 'DELETE',
    url: '/auth/impersonation',
    access: SIGNED_IN,
    handler: async ({ db, actor, deps, req, reply }) => {
      const profile = await endImpersonation({ db, actor, deps, req, reply });
      if (!profile) clearSessionCookies(reply, deps.config);
      return { profile };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/reset-password',
    access: PUBLIC,
    body: resetPasswordRequestSchema,
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
    handler: ({ db, body }) => checkResetToken(db, body.token),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/reset-password/confirm',
    access: PUBLIC,
    body: resetPasswordConfirmSchema,
    handler: async ({ db, deps, body }) => {
      await confirmPasswordReset(db, deps, body);
      return { message: PASSWORD_RESET_DONE_MESSAGE };
    },
  }),
];
