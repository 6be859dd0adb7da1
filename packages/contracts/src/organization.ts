import { z } from 'zod';
import { emailSchema } from './auth';
import { ALL_PERMISSION_CODES } from './permissions';
import { personRefSchema } from './records';

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
export const roleSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  permissions: z.array(z.number().int()),
  /** Active people who hold it. */
  users: z.number().int().min(0),
  version: z.number().int(),
});
export type Role = z.output<typeof roleSchema>;

export const departmentInputSchema = z.strictObject({ name: name('department') });
export const departmentSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  /** Active people in it. */
  users: z.number().int().min(0),
  version: z.number().int(),
});
export type Department = z.output<typeof departmentSchema>;

/** A staff member as the firm manager (/s/manage) lists them. */
export const staffMemberSchema = z.strictObject({
  _id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  active: z.boolean(),
  invited: z.boolean(),
  /** The department's name. */
  department: z.string().nullable(),
  roles: z.array(personRefSchema),
});
export type StaffMember = z.output<typeof staffMemberSchema>;

export const staffRolesSchema = z.strictObject({ roles: z.array(z.uuid('Not a valid role.')).max(50) });

/** POST /api/v1/invitations: a new staff member, who sets their password from the emailed link. */
export const invitationInputSchema = z.strictObject({
  email: emailSchema,
  first_name: name('person').max(80),
  last_name: z.string().trim().max(80, 'Use at most 80 characters.').default(''),
  roles: z.array(z.uuid('Not a valid role.')).max(50).default([]),
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

/** POST /api/v1/auth/invitation/check: whom a still valid invitation is for, and from which firm. */
export const invitationCheckSchema = z.strictObject({
  email: z.string(),
  first_name: z.string(),
  firm_name: z.string(),
});
export type InvitationCheck = z.output<typeof invitationCheckSchema>;
