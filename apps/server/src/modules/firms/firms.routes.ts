import {
  billingFeaturesSchema,
  billingSchema,
  confirmSignUpSchema,
  messageSchema,
  onboardingSchema,
  P,
  profileSchema,
  registerSchema,
  SIGN_UP_EMAIL_SENT_MESSAGE,
} from '@atelier/contracts';
import { z } from 'zod';
import { setSessionCookies } from '../../platform/auth/cookies';
import { PUBLIC, permission, SIGNED_IN } from '../../platform/http/access';
import { forbidden } from '../../platform/http/errors';
import { defineRoute } from '../../platform/http/routes';
import { getBilling, setFeatures } from './billing.service';
import { completeOnboarding, getOnboarding } from './onboarding.service';
import { confirmSignUp, requestSignUp, reserveRegistration } from './registration.service';

export const firmRoutes = [
  defineRoute({
    method: 'POST',
    url: '/auth/register',
    access: PUBLIC,
    status: 202,
    body: registerSchema,
    response: messageSchema,
    limit: ({ db, deps, meta }) => reserveRegistration(db, deps.config, meta.ip, 'request'),
    handler: async ({ db, deps, body }) => {
      await requestSignUp(db, deps, body);
      return { message: SIGN_UP_EMAIL_SENT_MESSAGE };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/register/confirm',
    access: PUBLIC,
    status: 201,
    body: confirmSignUpSchema,
    response: profileSchema,
    limit: ({ db, deps, meta }) => reserveRegistration(db, deps.config, meta.ip, 'confirm'),
    handler: async ({ db, deps, meta, body, reply }) => {
      const { token, profile } = await confirmSignUp(db, deps, meta, body);
      setSessionCookies(reply, token, deps.config);
      return profile;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/billing',
    access: SIGNED_IN,
    response: billingSchema,
    handler: ({ db, actor }) => {
      if (actor.kind !== 'staff') throw forbidden();
      return getBilling(db, actor.firmId);
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/billing/features',
    access: permission(P.SUPER_ADMIN),
    body: billingFeaturesSchema,
    response: billingSchema,
    handler: ({ db, actor, body }) => setFeatures(db, actor, body.features),
  }),
  defineRoute({
    method: 'GET',
    url: '/onboarding',
    access: SIGNED_IN,
    response: onboardingSchema,
    handler: ({ db, actor }) => getOnboarding(db, actor.firmId),
  }),
  defineRoute({
    method: 'POST',
    url: '/onboarding/complete',
    access: permission(P.MODIFY_FIRM_SETTINGS),
    body: z.strictObject({ sampleData: z.boolean({ error: 'Say whether to load sample data.' }) }),
    response: onboardingSchema,
    handler: ({ db, actor, body }) => completeOnboarding(db, actor, body.sampleData),
  }),
];
