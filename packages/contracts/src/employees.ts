import { z } from 'zod';
import type { PersonRef, RecordMeta } from './records';
import { phoneSchema } from './records';

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
});
export type EmployeeInput = z.input<typeof employeeInputSchema>;

/** POST /employees/{id}/deactivate: who takes over their open records (none: they stay put). */
export const deactivateEmployeeSchema = z.strictObject({
  reassignTo: z.uuid('Choose a colleague from the list.').nullable().default(null),
});

export type Employee = RecordMeta & {
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  image: string | null;
  title: string;
  phone: string;
  department: PersonRef | null;
  roles: PersonRef[];
  hireDate: string | null;
  status: EmployeeStatus;
  lastSignInAt: string | null;
  /** Left out for those without employee settings (53). */
  pay?: { rateCents: number; type: PayType } | null;
  /** Customers assigned to them. */
  customers: number;
};

export type EmployeeRow = Pick<
  Employee,
  '_id' | 'name' | 'email' | 'title' | 'phone' | 'status' | 'hireDate' | 'lastSignInAt' | 'createdAt' | 'updatedAt'
> & { department: string | null; roles: string[] };

/** What a person still has assigned, by kind: shown before deactivating, moved in one step. */
export type OpenRecords = { kind: string; label: string; count: number }[];
