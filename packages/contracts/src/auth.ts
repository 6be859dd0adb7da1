import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

export const emailSchema = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your email address.')
  .max(254, 'Email addresses are at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'));

export const newPasswordSchema = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

/** PUT /api/v1/auth/ */
export const signInBodySchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(PASSWORD_MAX_LENGTH, 'Password is too long.'),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** POST /api/v1/auth/reset-password */
export const resetPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST /api/v1/auth/reset-password/confirm: the link's token and the new password. */
export const resetPasswordConfirmSchema = z.strictObject({
  token: z
    .string({ error: 'This reset link is incomplete.' })
    .min(20, 'This reset link is incomplete.')
    .max(200, 'This reset link is not valid.'),
  password: newPasswordSchema,
});
export type ResetPasswordConfirm = z.infer<typeof resetPasswordConfirmSchema>;

/** PUT /api/v1/profile/password */
export const changePasswordSchema = z.strictObject({
  current_password: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(PASSWORD_MAX_LENGTH),
  new_password: newPasswordSchema,
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const RESET_EMAIL_SENT_MESSAGE = 'Password reset email sent.';
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been changed. Sign in with your new password.';
export const INVALID_CREDENTIALS_MESSAGE = 'The email address or password is incorrect.';
export const INVALID_RESET_LINK_MESSAGE = 'This reset link is invalid or has expired. Ask for a new one.';
