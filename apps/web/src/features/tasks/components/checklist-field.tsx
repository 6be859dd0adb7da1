import type { ChecklistItem } from '@atelier/contracts';
import { ActionIcon, Checkbox, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

/** A task's checklist: tick items off, rename them, remove them, add one with Enter. */
export function ChecklistField({
  value,
  onChange,
}: {
  value: ChecklistItem[];
  onChange: (v: ChecklistItem[]) => void;
}) {
  const [adding, setAdding] = useState('');
  const done = value.filter((i) => i.done).length;
  const set = (index: number, item: ChecklistItem | null) =>
    onChange(item ? value.map((v, i) => (i === index ? item : v)) : value.filter((_, i) => i !== index));
  const add = () => {
    const text = adding.trim();
    if (!text) return;
    onChange([...value, { text, done: false }]);
    setAdding('');
  };
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Checklist
        </Text>
        {value.length > 0 && (
          <Text size="xs" c="dimmed">
            {done} of {value.length} done
          </Text>
        )}
      </Group>
      {value.length > 0 && <Progress value={(done / value.length) * 100} size="sm" aria-label="Checklist progress" />}
      {value.map((item, index) => (
        // Items have no id of their own; their place is their identity while the modal is open.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} gap="xs" wrap="nowrap">
          <Checkbox
            checked={item.done}
            onChange={(e) => set(index, { ...item, done: e.currentTarget.checked })}
            aria-label={`Done: ${item.text}`}
          />
          <TextInput
            value={item.text}
            onChange={(e) => set(index, { ...item, text: e.currentTarget.value })}
            aria-label={`Checklist item ${index + 1}`}
            style={{ flex: 1 }}
            td={item.done ? 'line-through' : undefined}
          />
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${item.text}`} onClick={() => set(index, null)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs" wrap="nowrap">
        <TextInput
          placeholder="Add an item"
          aria-label="New checklist item"
          value={adding}
          onChange={(e) => setAdding(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          style={{ flex: 1 }}
        />
        <ActionIcon variant="light" aria-label="Add the item" onClick={add} disabled={!adding.trim()}>
          <IconPlus size={16} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
