import { type Filter, MAX_FILTER_VALUES } from '@atelier/contracts';
import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Anchor, Box, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconGripVertical, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DialogActions } from '../../../components/dialog-actions';
import { useSortableList } from '../../../components/sortable';
import { ApiError } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteFilter, useSaveFilter } from '../api';

type Row = { key: string; _id?: string; name: string; products: number };

const INSTRUCTIONS =
  'To move a value, press space or enter on its handle, then the up and down arrows, then space or enter to drop it, or escape to cancel.';

const productsText = (n: number) => `${n.toLocaleString('en-US')} product${n === 1 ? '' : 's'}`;

function ValueRow({
  row,
  index,
  onChange,
  onRemove,
}: {
  row: Row;
  index: number;
  onChange: (name: string) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row.key,
  });
  const label = row.name || `value ${index + 1}`;
  return (
    <Group
      ref={setNodeRef}
      gap="xs"
      wrap="nowrap"
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        aria-label={`Move ${label}`}
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      >
        <IconGripVertical size={16} />
      </ActionIcon>
      <TextInput
        aria-label={`Value ${index + 1}`}
        value={row.name}
        onChange={(e) => onChange(e.currentTarget.value)}
        style={{ flex: 1, minWidth: 0 }}
      />
      {/* How many carry it, and a way to see them; on a phone just the number. */}
      <Box w={{ base: 44, sm: 100 }} ta="right" style={{ flexShrink: 0 }}>
        {row._id ? (
          <Anchor
            component={Link}
            size="sm"
            to={`/p/products?filter%5Bfacet%5D%5B%5D=${row._id}`}
            aria-label={`${productsText(row.products)} with ${label}`}
          >
            {row.products.toLocaleString('en-US')}
            <Text span inherit visibleFrom="sm">
              {row.products === 1 ? ' product' : ' products'}
            </Text>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            New
          </Text>
        )}
      </Box>
      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={onRemove}>
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}

/**
 * A filter's name and its values in the order the store shows them: drag (or, on the handle,
 * space and the arrow keys) to reorder, rename in place. Removing a value products carry asks
 * first, then takes it off them.
 */
export function FilterEditor({ filter }: { filter?: Filter }) {
  const [name, setName] = useState(filter?.name ?? '');
  const [rows, setRows] = useState<Row[]>(() => (filter?.values ?? []).map((v) => ({ ...v, key: v._id })));
  const [adding, setAdding] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<string | null>(null);
  const save = useSaveFilter();
  const navigate = useNavigate();
  const sortable = useSortableList(
    rows,
    (r) => r.key,
    (r) => r.name || 'The value',
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setRows((list) =>
      arrayMove(
        list,
        list.findIndex((r) => r.key === active.id),
        list.findIndex((r) => r.key === over.id),
      ),
    );
  };
  const add = () => {
    const value = adding.trim();
    if (!value) return;
    if (rows.some((r) => r.name.trim().toLowerCase() === value.toLowerCase()))
      return setErrors({ adding: `${value} is already a value.` });
    setRows((list) => [...list, { key: crypto.randomUUID(), name: value, products: 0 }]);
    setAdding('');
    setErrors({});
  };
  const submit = async (removeUsed = false) => {
    setErrors({});
    try {
      const made = await save.mutateAsync({
        ...(filter ? { id: filter._id, version: filter.version } : {}),
        name,
        values: rows.map((r) => ({ ...(r._id ? { _id: r._id } : {}), name: r.name })),
        removeUsed,
      });
      setConfirm(null);
      toastSuccess(`${made.name} saved.`);
      if (!filter) navigate(`/p/filters/${made._id}`);
    } catch (error) {
      // A removed value that products carry: ask, then take it off them.
      if (error instanceof ApiError && error.status === 409 && /Confirm/.test(error.message))
        return setConfirm(error.message);
      if (error instanceof ApiError) setErrors(error.fields);
      showSubmitError(error);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {filter ? filter.name : 'New filter'}
      </Title>
      <TextInput
        label="Name"
        description="What the store shows above its values, e.g. Finish or Door style"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Values
        </Text>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No value yet: add the first below.
          </Text>
        )}
        <DndContext
          sensors={sortable.sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ ...sortable.accessibility, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
        >
          <SortableContext items={rows.map((r) => r.key)} strategy={verticalListSortingStrategy}>
            {rows.map((row, i) => (
              <ValueRow
                key={row.key}
                row={row}
                index={i}
                onChange={(value) =>
                  setRows((list) => list.map((r) => (r.key === row.key ? { ...r, name: value } : r)))
                }
                onRemove={() => setRows((list) => list.filter((r) => r.key !== row.key))}
              />
            ))}
          </SortableContext>
        </DndContext>
        {errors.values && (
          <Text size="sm" c="red" role="alert">
            {errors.values}
          </Text>
        )}
      </Stack>
      <Group align="flex-start" gap="xs">
        <TextInput
          aria-label="New value"
          placeholder="New value, e.g. Walnut"
          value={adding}
          onChange={(e) => setAdding(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          error={errors.adding}
          style={{ flex: 1 }}
          disabled={rows.length >= MAX_FILTER_VALUES}
        />
        <Button variant="default" onClick={add} disabled={rows.length >= MAX_FILTER_VALUES}>
          Add value
        </Button>
      </Group>
      <Group justify="space-between">
        {filter ? <DeleteFilter filter={filter} /> : <span />}
        <Button onClick={() => submit()} loading={save.isPending && !confirm}>
          {filter ? 'Save' : 'Create filter'}
        </Button>
      </Group>
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title="Take the values off?">
        <Stack>
          <Text size="sm">{confirm}</Text>
          <DialogActions
            onCancel={() => setConfirm(null)}
            confirm="Take off and save"
            color="red"
            loading={save.isPending}
            onConfirm={() => submit(true)}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Deleting: when products carry its values, the server says how many, and a second confirmation takes them off. */
function DeleteFilter({ filter }: { filter: Filter }) {
  const [open, setOpen] = useState(false);
  const [inUse, setInUse] = useState<string | null>(null);
  const remove = useDeleteFilter();
  const navigate = useNavigate();
  const used = filter.values.reduce((n, v) => n + v.products, 0);
  const close = () => {
    setOpen(false);
    setInUse(null);
  };
  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: filter._id, removeUsed: inUse !== null });
      toastSuccess(`${filter.name} deleted.`);
      close();
      navigate('/p/filters');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return setInUse(error.message);
      showSubmitError(error);
    }
  };
  return (
    <>
      <Button variant="subtle" color="red" onClick={() => setOpen(true)}>
        Delete {filter.name}
      </Button>
      <Modal opened={open} onClose={close} title={`Delete ${filter.name}?`}>
        <Stack>
          <Text size="sm">
            {inUse ??
              (used > 0
                ? `Its values are on products (${productsText(used)} counting each value). They are taken off them.`
                : 'The store stops offering it.')}
          </Text>
          <DialogActions
            onCancel={close}
            confirm={inUse ? 'Take off and delete' : 'Delete'}
            color="red"
            onConfirm={confirm}
            loading={remove.isPending}
          />
        </Stack>
      </Modal>
    </>
  );
}
