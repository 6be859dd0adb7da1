import { z } from 'zod';
import { emailSchema } from './auth';
import { ALL_PERMISSION_CODES } from './permissions';

const name = (what: string) =>
  z
    .string()
    .trim()
    .min(1, what === 'person' ? 'Enter a first name.' : `Give the ${what} a name.`)
    .max(80, 'Use at most 80 characters.');

/** POST /api/v1/roles and PUT /api/v1/roles/{id}: a name and the permission codes it grants. */
export const roleInputSchema = z.strictObject({
  name: name('role'),
  permissions: z
    .array(
      z
        .number()
        .int()
        .refine((code) => (ALL_PERMISSION_CODES as readonly number[]).includes(code), 'Not a permission code.'),
    )
    .max(ALL_PERMISSION_CODES.length),
});
export type RoleInput = z.infer<typeof roleInputSchema>;
export type Role = RoleInput & { _id: string; users: number; version: number };

export const departmentInputSchema = z.strictObject({ name: name('department') });
export type Department = { _id: string; name: string; users: number; version: number };

/** A staff member as the firm manager (/s/manage) lists them. */
export type StaffMember = {
  _id: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  invited: boolean;
  department: string | null;
  roles: { _id: string; name: string }[];
};

export const staffRolesSchema = z.strictObject({ roles: z.array(z.uuid('Not a valid role.')).max(50) });

/** POST /api/v1/invitations: a new staff member, who sets their password from the emailed link. */
export const invitationInputSchema = z.strictObject({
  email: emailSchema,
  first_name: name('person').max(80),
  last_name: z.string().trim().max(80, 'Use at most 80 characters.').default(''),
  roles: z.array(z.uuid('Not a valid role.')).max(50).default([]),
});
export type InvitationInput = z.input<typeof invitationInputSchema>;
