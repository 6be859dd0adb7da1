import {
  customerSchema,
  customerSettingsSchema,
  endImpersonationSchema,
  P,
  profileSchema,
  withVersion,
} from '@atelier/contracts';
import { clearSessionCookies } from '../../platform/auth/cookies';
import { permission, SIGNED_IN } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { customerType, setStoreLogin, updateConsent } from './customers.service';
import { endImpersonation, signInAsCustomer } from './impersonation';

const settings = permission(P.CUSTOMER_SETTINGS);

export const customerRoutes: AnyRoute[] = [
  ...recordTypeRoutes(customerType),
  defineRoute({
    method: 'PUT',
    url: '/customers/:id/settings',
    access: settings,
    params: idParams,
    body: withVersion(customerSettingsSchema),
    response: customerSchema,
    handler: ({ db, actor, params, body }) =>
      updateConsent(db, actor, params.id, body.marketingConsent, body.version, body.taxExempt),
  }),
  ...(['invite', 'disable', 'enable'] as const).map((action) =>
    defineRoute({
      method: 'POST',
      url: `/customers/:id/login/${action}`,
      access: settings,
      params: idParams,
      response: customerSchema,
      handler: ({ db, actor, deps, params }) => setStoreLogin(db, actor, deps, params.id, action),
    }),
  ),
  defineRoute({
    method: 'POST',
    url: '/customers/:id/sign-in-as',
    access: permission(P.LOGIN_AS_USER),
    params: idParams,
    response: profileSchema,
    handler: ({ db, actor, deps, meta, reply, params }) =>
      signInAsCustomer({ db, actor, deps, meta, reply, customerId: params.id }),
  }),
  // Back from "signed in as a customer" to one's own session (the URL is the auth API's, where
  // the web app looks for it); profile is null when that session has ended meanwhile (then one
  // signs in again).
  defineRoute({
    method: 'DELETE',
    url: '/auth/impersonation',
    access: SIGNED_IN,
    response: endImpersonationSchema,
    handler: async ({ db, actor, deps, req, reply }) => {
      const profile = await endImpersonation({ db, actor, deps, req, reply });
      if (!profile) clearSessionCookies(reply, deps.config);
      return { profile };
    },
  }),
];
