import type { DeliveryStop } from '@atelier/contracts';
import { Button, Group, NumberInput, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { formatQuantity } from '../../../lib/format';
import { type PhotoDraft, PhotoInput } from './photo-input';

export type DamageDraft = {
  key: string;
  line: string | null;
  quantity: number | '';
  note: string;
  photos: PhotoDraft[];
};

/** Items that arrived damaged: delivered all the same, and recorded (with photos) for a return. */
export function DamageList({
  stop,
  value,
  onChange,
  errorOf,
}: {
  stop: DeliveryStop;
  value: DamageDraft[];
  onChange: (damages: DamageDraft[]) => void;
  /** The message for a field of a damage, by its index and name. */
  errorOf: (index: number, field: 'line' | 'quantity' | 'note') => string | undefined;
}) {
  const set = (key: string, change: Partial<DamageDraft>) =>
    onChange(value.map((d) => (d.key === key ? { ...d, ...change } : d)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Damaged items
      </Text>
      {value.length === 0 && (
        <Text size="xs" c="dimmed">
          Nothing damaged. If an item arrived damaged, add it here: it is delivered all the same and recorded for a
          return.
        </Text>
      )}
      {value.map((damage, i) => {
        const line = stop.lines.find((l) => l.line === damage.line);
        return (
          <Paper key={damage.key} withBorder p="xs" role="group" aria-label={`Damaged item ${i + 1}`}>
            <Stack gap="xs">
              <Select
                label="Item"
                withAsterisk
                data={stop.lines.map((l) => ({ value: l.line, label: `${l.name} (${formatQuantity(l.quantity)})` }))}
                value={damage.line}
                onChange={(v) => set(damage.key, { line: v })}
                error={errorOf(i, 'line')}
                allowDeselect={false}
              />
              <NumberInput
                label="Quantity damaged"
                withAsterisk
                min={0}
                max={line?.quantity}
                decimalScale={4}
                clampBehavior="strict"
                value={damage.quantity}
                onChange={(v) => set(damage.key, { quantity: typeof v === 'number' ? v : '' })}
                error={errorOf(i, 'quantity')}
              />
              <Textarea
                label="What is damaged"
                autosize
                minRows={1}
                value={damage.note}
                onChange={(e) => set(damage.key, { note: e.currentTarget.value })}
                error={errorOf(i, 'note')}
              />
              <PhotoInput
                label={`Photos of damaged item ${i + 1}`}
                value={damage.photos}
                onChange={(photos) => set(damage.key, { photos })}
              />
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => onChange(value.filter((d) => d.key !== damage.key))}
                >
                  Remove damaged item {i + 1}
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconPlus size={16} />}
          disabled={value.length >= 50}
          onClick={() =>
            onChange([
              ...value,
              {
                key: crypto.randomUUID(),
                line: stop.lines.length === 1 ? stop.lines[0]!.line : null,
                quantity: 1,
                note: '',
                photos: [],
              },
            ])
          }
        >
          Add a damaged item
        </Button>
      </Group>
    </Stack>
  );
}
