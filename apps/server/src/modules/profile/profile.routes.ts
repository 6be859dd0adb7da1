import { changePasswordSchema, messageSchema, profileSchema, profileUpdateSchema } from '@atelier/contracts';
import { clearSessionCookies } from '../../platform/auth/cookies';
import { SIGNED_IN } from '../../platform/http/access';
import { defineRoute } from '../../platform/http/routes';
import { changePassword, deleteAccount, updateProfile } from './profile.service';

export const profileRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/profile/',
    access: SIGNED_IN,
    body: profileUpdateSchema,
    response: profileSchema,
    handler: ({ db, actor, body }) => updateProfile(db, actor, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/profile/password',
    access: SIGNED_IN,
    body: changePasswordSchema,
    response: messageSchema,
    handler: async ({ db, actor, body }) => {
      await changePassword(db, actor, body);
      return { message: 'Your password has been changed.' };
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/profile',
    access: SIGNED_IN,
    response: messageSchema,
    handler: async ({ db, actor, deps, reply }) => {
      await deleteAccount(db, actor);
      clearSessionCookies(reply, deps.config);
      return { message: 'Your account has been deleted.' };
    },
  }),
];
