import { SETTINGS_GROUPS, type SettingsGroup, type SettingsValues } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { type FieldSpec, Fields } from '../../../components/form/fields';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings } from '../api';

/**
 * One settings group's form (its contract is the group's own schema): `fields` in two columns,
 * `texts` as long text boxes and `switches` as checkboxes below them, then Save.
 */
export function SettingsGroupForm<G extends SettingsGroup>(props: {
  group: G;
  current: SettingsValues<G>;
  saved: string;
  intro?: ReactNode;
  fields?: FieldSpec<SettingsValues<G> & FieldValues>[];
  /** Long texts; `minRows` for a whole document's text (3 unless said). */
  texts?: { name: keyof SettingsValues<G> & string; label: string; description?: string; minRows?: number }[];
  switches?: { name: keyof SettingsValues<G> & string; label: string }[];
  /** A field of the group's own (a list of days), between the fields and the long texts. */
  more?: (form: UseFormReturn<SettingsValues<G> & FieldValues>) => ReactNode;
}) {
  type V = SettingsValues<G> & FieldValues;
  const save = useSaveSettings(props.group);
  const form = useForm<V>({
    resolver: zodResolver(SETTINGS_GROUPS[props.group].schema as never) as never,
    values: props.current as V,
  });
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values as never);
      toastSuccess(props.saved);
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  return (
    <Card withBorder padding="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {props.intro && <Text size="sm">{props.intro}</Text>}
          {props.fields && <Fields form={form} fields={props.fields} />}
          {props.more?.(form)}
          {props.texts?.map((t) => (
            <Textarea
              key={t.name}
              label={t.label}
              description={t.description}
              autosize
              minRows={t.minRows ?? 3}
              {...form.register(t.name as unknown as Path<V>)}
              error={errors[t.name]?.message}
            />
          ))}
          {props.switches?.map((s) => (
            <Checkbox key={s.name} label={s.label} {...form.register(s.name as unknown as Path<V>)} />
          ))}
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
