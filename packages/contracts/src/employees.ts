import { z } from 'zod';
import { personRefSchema, phoneSchema, recordMetaShape } from './records';

export const PAY_TYPES = ['hourly', 'salary'] as const;
export type PayType = (typeof PAY_TYPES)[number];
export const PAY_TYPE_LABELS: Record<PayType, string> = { hourly: 'Hourly', salary: 'Salary' };

/** An employee's account state: invited (no password yet), active, or deactivated. */
export const EMPLOYEE_STATUSES = ['active', 'invited', 'inactive'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Pay is seen and changed only with employee settings (53); cents per hour, or per year. */
export const employeePaySchema = z.strictObject({
  rateCents: z.coerce
    .number({ error: 'Enter an amount.' })
    .int('Use whole cents.')
    .min(0, 'Use 0 or more.')
    .max(100_000_000_00, 'That amount is too large.'),
  type: z.enum(PAY_TYPES, { error: 'Choose hourly or salary.' }),
});

/**
 * PUT /employees/{id}. `roles` and `pay` left out are left as they are: changing roles needs
 * 168 and only grants codes the editor holds; changing pay needs 53.
 */
export const employeeInputSchema = z.strictObject({
  firstName: z.string().trim().min(1, 'Enter a first name.').max(80, 'Use at most 80 characters.'),
  lastName: z.string().trim().max(80, 'Use at most 80 characters.').default(''),
  title: z.string().trim().max(120, 'Use at most 120 characters.').default(''),
  phone: phoneSchema.default(''),
  departmentId: z.uuid('Choose a department from the list.').nullable().default(null),
  hireDate: z
    .string()
    .refine((v) => DATE.test(v) && !Number.isNaN(Date.parse(v)), 'Enter a date.')
    .nullable()
    .default(null),
  roles: z.array(z.uuid('Not a valid role.')).max(50).optional(),
  pay: employeePaySchema.nullable().optional(),
  /** What an hour of them costs the firm (labour cost on jobs), in cents; separate from pay. Needs 53. */
  costRateCents: z
    .number({ error: 'Enter the cost per hour.' })
    .int('Use whole cents.')
    .min(0, 'Use 0 or more.')
    .max(10_000_000, 'Use at most $100,000.00 an hour.')
    .nullable()
    .optional(),
});
export type EmployeeInput = z.input<typeof employeeInputSchema>;

/** POST /employees/{id}/deactivate: who takes over their open records (none: they stay put). */
export const deactivateEmployeeSchema = z.strictObject({
  reassignTo: z.uuid('Choose a colleague from the list.').nullable().default(null),
});

export const employeeSchema = z.strictObject({
  ...recordMetaShape,
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  title: z.string(),
  phone: z.string(),
  department: personRefSchema.nullable(),
  roles: z.array(personRefSchema),
  hireDate: z.string().nullable(),
  status: z.enum(EMPLOYEE_STATUSES),
  lastSignInAt: z.string().nullable(),
  /** Left out for those without employee settings (53). */
  pay: z
    .strictObject({ rateCents: z.number().int(), type: z.enum(PAY_TYPES) })
    .nullable()
    .optional(),
  /** What an hour of them costs the firm, in cents (53 only). */
  costRateCents: z.number().int().nullable().optional(),
  /** Customers assigned to them. */
  customers: z.number().int().min(0),
});
export type Employee = z.output<typeof employeeSchema>;

/** A row of the employees list: the department and roles by name. */
export const employeeRowSchema = employeeSchema
  .pick({
    _id: true,
    name: true,
    email: true,
    title: true,
    phone: true,
    status: true,
    hireDate: true,
    lastSignInAt: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({ department: z.string().nullable(), roles: z.array(z.string()) });
export type EmployeeRow = z.output<typeof employeeRowSchema>;

/** What a person still has assigned, by kind: shown before deactivating, moved in one step. */
export const openRecordsSchema = z.array(
  z.strictObject({ kind: z.string(), label: z.string(), count: z.number().int().min(1) }),
);
export type OpenRecords = z.output<typeof openRecordsSchema>;

/** POST /employees/{id}/deactivate: the employee as they are now, and how many of their records moved. */
export const deactivatedEmployeeSchema = z.strictObject({
  employee: employeeSchema,
  reassigned: z.number().int().min(0),
});
