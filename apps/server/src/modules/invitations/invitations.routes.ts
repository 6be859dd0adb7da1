import {
  acceptInvitationSchema,
  invitationCheckSchema,
  invitationInputSchema,
  P,
  profileSchema,
  staffMemberSchema,
} from '@atelier/contracts';
import { setSessionCookies } from '../../platform/auth/cookies';
import { PUBLIC, permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { defineRoute } from '../../platform/http/routes';
import { acceptInvitation, checkInvitation, inviteStaff, resendInvitation } from './invitations.service';

export const invitationRoutes = [
  defineRoute({
    method: 'POST',
    url: '/invitations',
    access: permission(P.MODIFY_EMPLOYEES),
    status: 201,
    body: invitationInputSchema,
    response: staffMemberSchema,
    handler: ({ db, actor, deps, body }) => inviteStaff(db, actor, deps, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/invitations/:id/resend',
    access: permission(P.MODIFY_EMPLOYEES),
    params: idParams,
    status: 204,
    handler: ({ db, actor, deps, params }) => resendInvitation(db, actor, deps, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/invitation/check',
    access: PUBLIC,
    body: acceptInvitationSchema.pick({ token: true }),
    response: invitationCheckSchema,
    handler: ({ db, body }) => checkInvitation(db, body.token),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/invitation/accept',
    access: PUBLIC,
    body: acceptInvitationSchema,
    response: profileSchema,
    handler: async ({ db, deps, meta, body, reply }) => {
      const { token, profile } = await acceptInvitation(db, deps, meta, body);
      setSessionCookies(reply, token, deps.config);
      return profile;
    },
  }),
];
