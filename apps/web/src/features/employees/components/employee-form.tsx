import {
  type Employee,
  type EmployeeInput,
  employeeInputSchema,
  P,
  PAY_TYPE_LABELS,
  PAY_TYPES,
  type PayType,
} from '@atelier/contracts';
import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Controller } from 'react-hook-form';
import { MoneyInput } from '../../../components/form/fields';
import { useRecordForm } from '../../../components/form/record-form';
import { useCan } from '../../../lib/permissions';
import { useDepartments, useRoles } from '../../organization/api';

/**
 * The form's values. Roles, pay and the cost per hour are sent only by someone who may change them (168, 53):
 * left out, the server leaves them as they are.
 */
export function employeeFormValues(e: Employee, can: (code: number) => boolean): EmployeeInput {
  return {
    firstName: e.firstName,
    lastName: e.lastName,
    title: e.title,
    phone: e.phone,
    departmentId: e.department?._id ?? null,
    hireDate: e.hireDate,
    ...(can(P.MODIFY_PERMISSIONS) ? { roles: e.roles.map((r) => r._id) } : {}),
    ...(can(P.EMPLOYEE_SETTINGS) ? { pay: e.pay, costRateCents: e.costRateCents ?? null } : {}),
  };
}

type Props = {
  employee: Employee;
  onSubmit: (values: EmployeeInput) => Promise<unknown>;
  reload: () => Promise<EmployeeInput>;
};

export function EmployeeForm({ employee, onSubmit, reload }: Props) {
  const { can } = useCan();
  const departments = useDepartments();
  const roles = useRoles();
  const { form, submit, stale } = useRecordForm<EmployeeInput>({
    schema: employeeInputSchema,
    values: employeeFormValues(employee, can),
    onSubmit,
    reload,
  });
  const e = form.formState.errors as Record<string, { message?: string } | undefined>;
  const pay = form.watch('pay') as { rateCents: number; type: PayType } | null | undefined;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" {...form.register('firstName')} error={e.firstName?.message} />
          <TextInput label="Last name" {...form.register('lastName')} error={e.lastName?.message} />
          <TextInput label="Title" placeholder="Designer" {...form.register('title')} error={e.title?.message} />
          <TextInput label="Phone" type="tel" {...form.register('phone')} error={e.phone?.message} />
          <Controller
            control={form.control}
            name="departmentId"
            render={({ field }) => (
              <Select
                label="Department"
                placeholder="No department"
                data={(departments.data ?? []).map((d) => ({ value: d._id, label: d.name }))}
                value={field.value ?? null}
                onChange={field.onChange}
                error={e.departmentId?.message}
                clearable
              />
            )}
          />
          <Controller
            control={form.control}
            name="hireDate"
            render={({ field }) => (
              <TextInput
                label="Hire date"
                type="date"
                value={field.value ?? ''}
                onChange={(ev) => field.onChange(ev.currentTarget.value || null)}
                error={e.hireDate?.message}
              />
            )}
          />
        </SimpleGrid>
        {can(P.MODIFY_PERMISSIONS) ? (
          <Controller
            control={form.control}
            name="roles"
            render={({ field }) => (
              <MultiSelect
                label="Roles"
                description="You can give or take away only permissions you hold yourself."
                data={(roles.data ?? []).map((r) => ({ value: r._id, label: r.name }))}
                value={field.value ?? []}
                onChange={field.onChange}
                error={e.roles?.message}
                clearable
              />
            )}
          />
        ) : (
          <Text size="sm">
            <Text span fw={500}>
              Roles:{' '}
            </Text>
            {employee.roles.map((r) => r.name).join(', ') || 'none'}
          </Text>
        )}
        {can(P.EMPLOYEE_SETTINGS) && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Pay
            </Text>
            <Group align="flex-start">
              <SegmentedControl
                aria-label="Pay type"
                data={[
                  { value: 'none', label: 'Not set' },
                  ...PAY_TYPES.map((t) => ({ value: t, label: PAY_TYPE_LABELS[t] })),
                ]}
                value={pay?.type ?? 'none'}
                onChange={(type) =>
                  form.setValue(
                    'pay',
                    type === 'none' ? null : { rateCents: pay?.rateCents ?? 0, type: type as PayType },
                    { shouldDirty: true },
                  )
                }
              />
              {pay && (
                <NumberInput
                  aria-label={pay.type === 'hourly' ? 'Rate per hour' : 'Salary per year'}
                  prefix="$"
                  suffix={pay.type === 'hourly' ? ' / hour' : ' / year'}
                  thousandSeparator=","
                  decimalScale={2}
                  fixedDecimalScale
                  min={0}
                  value={pay.rateCents / 100}
                  onChange={(v) =>
                    form.setValue(
                      'pay',
                      { ...pay, rateCents: Math.round((Number(v) || 0) * 100) },
                      { shouldDirty: true },
                    )
                  }
                  error={e.pay?.message}
                />
              )}
            </Group>
          </Stack>
        )}
        {can(P.EMPLOYEE_SETTINGS) && (
          <Controller
            control={form.control}
            name="costRateCents"
            render={({ field }) => (
              <MoneyInput
                label="Cost per hour"
                description="What an hour of their work costs the firm: the labour cost of jobs. Apart from pay."
                suffix=" / hour"
                maw={360}
                cents={field.value ?? undefined}
                onChange={(cents) => field.onChange(cents ?? null)}
                error={e.costRateCents?.message}
              />
            )}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
            Save
          </Button>
        </Group>
      </Stack>
      {stale.modal}
    </form>
  );
}
