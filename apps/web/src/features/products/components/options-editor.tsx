import { MAX_OPTIONS, type Product, type ProductOption } from '@atelier/contracts';
import { ActionIcon, Button, Card, Group, Modal, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { ApiError } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useSaveOptions } from '../variants-api';

/**
 * A product's options (width, finish…) and their values, in order. While it has variants the
 * options keep their number (each variant names one value of each); removing a value that
 * variants use asks before archiving them.
 */
export function OptionsEditor({ product }: { product: Product }) {
  // Each row keeps its own key while options are added and removed.
  const [options, setOptions] = useState<(ProductOption & { key: string })[]>(() =>
    product.options.map((o) => ({ ...o, key: crypto.randomUUID() })),
  );
  const [confirm, setConfirm] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveOptions(product._id);
  const fixed = product.variants > 0;
  const set = (i: number, change: Partial<ProductOption>) =>
    setOptions((list) => list.map((o, j) => (j === i ? { ...o, ...change } : o)));
  const submit = async (archiveVariants = false) => {
    setErrors({});
    try {
      await save.mutateAsync({
        options: options.map(({ name, values }) => ({ name, values })),
        archiveVariants,
        version: product.version,
      });
      setConfirm(null);
      toastSuccess('Options saved.');
    } catch (error) {
      // A value in use: ask, then archive its variants with it.
      if (error instanceof ApiError && error.status === 409 && error.fields.options) return setConfirm(error.message);
      if (error instanceof ApiError) setErrors(error.fields);
      showSubmitError(error);
    }
  };
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Options
        </Title>
        <Text size="sm" c="dimmed">
          {fixed
            ? 'Each variant names one value of each option: add or remove values, rename options.'
            : 'What the product comes in: widths, finishes, door styles… as many as it needs.'}
        </Text>
        {options.map((option, i) => (
          <Group key={option.key} align="flex-start" wrap="wrap">
            <TextInput
              label="Option"
              value={option.name}
              onChange={(e) => set(i, { name: e.currentTarget.value })}
              error={errors[`options.${i}.name`]}
              w={180}
            />
            <TagsInput
              label={`${option.name || 'Option'} values`}
              description="Type a value and press Enter"
              value={option.values}
              onChange={(values) => set(i, { values })}
              error={errors[`options.${i}.values`]}
              style={{ flex: 1, minWidth: 220 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={`Remove the option ${option.name}`}
              disabled={fixed}
              onClick={() => setOptions((list) => list.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {errors.options && (
          <Text size="sm" c="red">
            {errors.options}
          </Text>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            disabled={fixed || options.length >= MAX_OPTIONS}
            onClick={() => setOptions((list) => [...list, { name: '', values: [], key: crypto.randomUUID() }])}
          >
            Add an option
          </Button>
          <Button onClick={() => submit()} loading={save.isPending}>
            Save options
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title="Archive the variants too?">
        <Stack>
          <Text size="sm">{confirm}</Text>
          <DialogActions
            onCancel={() => setConfirm(null)}
            confirm="Archive them and save"
            color="red"
            onConfirm={() => submit(true)}
            loading={save.isPending}
          />
        </Stack>
      </Modal>
    </Card>
  );
}
