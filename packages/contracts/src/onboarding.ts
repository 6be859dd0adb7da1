import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth';
import { featureKeySchema } from './features';

/**
 * POST /api/v1/auth/register: asks for a new firm and its first user, a super admin. The answer
 * is always SIGN_UP_EMAIL_SENT_MESSAGE; the emailed link (POST /auth/register/confirm) creates
 * them and signs in.
 */
export const registerSchema = z.strictObject({
  firm_name: z.string().trim().min(1, "Enter your firm's name.").max(120, 'Use at most 120 characters.'),
  first_name: z.string().trim().min(1, 'Enter your first name.').max(80, 'Use at most 80 characters.'),
  last_name: z.string().trim().max(80, 'Use at most 80 characters.'),
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The one answer to a sign-up, whether or not the address already has an account. */
export const SIGN_UP_EMAIL_SENT_MESSAGE = 'Check your email to continue';

/** POST /api/v1/auth/register/confirm: the token of the emailed sign-up link. */
export const confirmSignUpSchema = z.strictObject({
  token: z.string().min(20, 'This sign-up link is incomplete.').max(200, 'This sign-up link is not valid.'),
});

export type ConfirmSignUp = z.infer<typeof confirmSignUpSchema>;

export const INVALID_SIGN_UP_LINK_MESSAGE = 'This sign-up link is invalid, already used or expired. Sign up again.';
/** The confirm page offers sign-in and a password reset with this answer (409). */
export const ACCOUNT_EXISTS_MESSAGE =
  'You already have an Atelier account with this email address. Sign in, or reset your password.';

/** POST /api/v1/auth/invitation/accept: the emailed token and the new user's password. */
export const acceptInvitationSchema = z.strictObject({
  token: z.string().min(20, 'This invitation link is incomplete.').max(200, 'This invitation link is not valid.'),
  password: newPasswordSchema,
});

export const INVALID_INVITATION_MESSAGE = 'This invitation is invalid, already used or expired. Ask for a new one.';

/** PUT /api/v1/billing/features: the modules the firm pays for (super admins only). */
export const billingFeaturesSchema = z.strictObject({
  features: z.array(featureKeySchema).max(30),
});

/**
 * GET /api/v1/billing and PUT /api/v1/billing/features: every module, which are on, and the
 * price. A module whose price is negative (invoicing) is listed as not available: it cannot be
 * switched on (spec section 6).
 */
export const billingSchema = z.strictObject({
  features: z.array(z.string()),
  modules: z.array(
    z.strictObject({
      key: z.string(),
      label: z.string(),
      description: z.string(),
      monthlyPriceCents: z.number().int(),
      enabled: z.boolean(),
      available: z.boolean(),
    }),
  ),
  monthlyTotalCents: z.number().int(),
});
export type Billing = z.output<typeof billingSchema>;

/** GET /api/v1/onboarding and POST /api/v1/onboarding/complete. */
export const onboardingSchema = z.strictObject({
  onboarded: z.boolean(),
  steps: z.strictObject({ firm: z.boolean(), modules: z.boolean(), warehouse: z.boolean(), team: z.boolean() }),
});
export type Onboarding = z.output<typeof onboardingSchema>;
