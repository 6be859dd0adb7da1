import { ROUNDING_STEPS, SETTINGS_GROUPS, type SettingsValues } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings } from '../../settings/api';

type Values = Pick<SettingsValues<'employeeSettings'>, 'clockOutHour' | 'roundingMinutes' | 'overtimeHours'>;

const schema = SETTINGS_GROUPS.employeeSettings.schema.pick({
  clockOutHour: true,
  roundingMinutes: true,
  overtimeHours: true,
});

/** 0 → "12:00 AM", 13 → "1:00 PM". */
export const hourLabel = (hour: number) => `${hour % 12 || 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;

const NEVER = 'never';
const HOURS = [
  { value: NEVER, label: 'Never' },
  ...Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) })),
];
const ROUNDINGS = ROUNDING_STEPS.map((step) => ({
  value: String(step),
  label: step === 1 ? 'Exact minutes' : `${step} minutes`,
}));

/**
 * The firm's time rules (employee settings, 53): when a forgotten clock-out is closed for its
 * person (flagged for them to check), the step entries are rounded to, and the weekly hours past
 * which time is overtime. The invitation's role is saved apart, by its own card.
 */
export function TimeRulesCard({ current }: { current: SettingsValues<'employeeSettings'> }) {
  const save = useSaveSettings('employeeSettings');
  const form = useForm<Values>({
    resolver: zodResolver(schema as never) as never,
    values: {
      clockOutHour: current.clockOutHour,
      roundingMinutes: current.roundingMinutes,
      overtimeHours: current.overtimeHours,
    },
  });
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toastSuccess('Time rules saved.');
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-label="Time rules">
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={2} size="h4">
              Time rules
            </Title>
            <Text size="sm" c="dimmed">
              How the timesheets count: in your firm’s time zone, for everyone.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="clockOutHour"
              render={({ field }) => (
                <Select
                  label="Automatic clock-out"
                  description="A forgotten clock-out ends then, flagged"
                  data={HOURS}
                  value={field.value === null ? NEVER : String(field.value)}
                  onChange={(v) => field.onChange(v === NEVER || v === null ? null : Number(v))}
                  allowDeselect={false}
                  error={e.clockOutHour?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="roundingMinutes"
              render={({ field }) => (
                <Select
                  label="Rounding"
                  description="Each entry counts to the nearest step"
                  data={ROUNDINGS}
                  value={String(field.value)}
                  onChange={(v) => field.onChange(Number(v))}
                  allowDeselect={false}
                  error={e.roundingMinutes?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="overtimeHours"
              render={({ field }) => (
                <NumberInput
                  label="Overtime after"
                  description="Weekly hours past which time is overtime"
                  suffix=" hours a week"
                  min={1}
                  max={168}
                  decimalScale={2}
                  clampBehavior="none"
                  value={field.value}
                  onChange={(v) => field.onChange(v === '' ? undefined : v)}
                  error={e.overtimeHours?.message}
                />
              )}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
