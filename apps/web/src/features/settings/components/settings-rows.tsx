import { ActionIcon, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';

type Props<R> = {
  title: string;
  text: ReactNode;
  initial: R[];
  /** A row added by the button. */
  fresh: () => R;
  /**
   * A row's inputs, one per column (the last gets the remove button beside it); `error(field)` is
   * the server's message for that field of this row.
   */
  cells: (row: R, set: (change: Partial<R>) => void, error: (field: string) => string | undefined) => ReactNode[];
  /** What a row is, for its remove button: "rate" → "Remove rate 2". */
  noun: string;
  addLabel: string;
  saveLabel: string;
  saved: string;
  /** The setting the rows are saved as: the server names errors `${path}.${i}.${field}`. */
  path: string;
  onSave: (rows: R[]) => Promise<unknown>;
};

/**
 * A setting that is a list of rows (tax rates, price levels' discounts): each row's inputs in a
 * line, a row added or removed, the whole list saved at once with the server's message under the
 * field it names.
 */
export function SettingsRows<R>(props: Props<R>) {
  const [rows, setRows] = useState<R[]>(props.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (i: number) => (change: Partial<R>) =>
    setRows((all) => all.map((r, k) => (k === i ? { ...r, ...change } : r)));
  return (
    <Card withBorder padding="lg" maw={720}>
      <Stack>
        <Title order={2} size="h4">
          {props.title}
        </Title>
        <Text size="sm">{props.text}</Text>
        {rows.map((row, i) => {
          const cells = props.cells(row, set(i), (field) => errors[`${props.path}.${i}.${field}`]);
          const span = Math.floor(12 / cells.length);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their place is their identity here
            <Grid key={i} gap="xs" align="flex-end">
              {cells.map((cell, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's columns are fixed
                <Grid.Col key={k} span={{ base: 12, sm: span }}>
                  {k < cells.length - 1 ? (
                    cell
                  ) : (
                    <Group gap="xs" wrap="nowrap" align="flex-end">
                      {cell}
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        mb={4}
                        aria-label={`Remove ${props.noun} ${i + 1}`}
                        onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  )}
                </Grid.Col>
              ))}
            </Grid>
          );
        })}
        <Group justify="space-between">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setRows((all) => [...all, props.fresh()])}
          >
            {props.addLabel}
          </Button>
          <Button
            loading={saving}
            onClick={async () => {
              setSaving(true);
              try {
                await props.onSave(rows);
                setErrors({});
                toastSuccess(props.saved);
              } catch (error) {
                if (error instanceof ApiError) setErrors(error.fields);
                showSubmitError(error);
              } finally {
                setSaving(false);
              }
            }}
          >
            {props.saveLabel}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
