import { EMAIL_BLOCK_LABELS, EMAIL_BLOCK_TYPES, type EmailBlockType, type EmailInput } from '@atelier/contracts';
import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, Group, Menu, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { DialogActions } from '../../../components/dialog-actions';
import { useSortableList } from '../../../components/sortable';
import { blockName, isEmptyBlock, newBlock } from '../blocks';
import { BlockCard } from './block-card';

/** The most blocks an email has (the contract's limit). */
const MAX_BLOCKS = 50;

const INSTRUCTIONS =
  'To move a block, press space or enter on its handle, then the up and down arrows, then space or enter to drop it, or escape to cancel.';

const BLOCK_HINTS: Record<EmailBlockType, string> = {
  heading: 'A title in large type',
  text: 'Paragraphs, lists and links',
  image: 'A picture, with a link if you like',
  button: 'A call to action that links somewhere',
  products: 'Up to 6 products as cards',
  footer: 'Small print near the end',
};

/** The email's blocks, top to bottom: added from a menu of the six kinds, removed, dragged (or moved with the arrows). */
export function BlocksEditor({ form }: { form: UseFormReturn<EmailInput> }) {
  const blocks = useFieldArray({ control: form.control, name: 'blocks' });
  const [removing, setRemoving] = useState<number | null>(null);
  const nameAt = (index: number) => {
    const block = form.getValues(`blocks.${index}`);
    return block ? blockName(block, index) : `Block ${index + 1}`;
  };
  const sortable = useSortableList(
    blocks.fields,
    (f) => f.id,
    (f) => nameAt(blocks.fields.indexOf(f)),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = blocks.fields.map((f) => f.id);
    blocks.move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  const remove = (index: number) => {
    const block = form.getValues(`blocks.${index}`);
    if (!block || isEmptyBlock(block)) blocks.remove(index);
    else setRemoving(index);
  };
  const errors = form.formState.errors.blocks;
  const listError = errors?.message ?? errors?.root?.message;
  const full = blocks.fields.length >= MAX_BLOCKS;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Blocks
      </Title>
      {listError && (
        <Text size="sm" c="red.8">
          {listError}
        </Text>
      )}
      {blocks.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No blocks yet. Add a heading, some text, an image, a button or product cards: they show top to bottom, as
          here.
        </Text>
      )}
      <DndContext
        sensors={sortable.sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ ...sortable.accessibility, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      >
        <SortableContext items={blocks.fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
          {blocks.fields.map((field, i) => (
            <BlockCard
              key={field.id}
              id={field.id}
              form={form}
              index={i}
              count={blocks.fields.length}
              onMove={(to) => blocks.move(i, to)}
              onRemove={() => remove(i)}
            />
          ))}
        </SortableContext>
      </DndContext>
      <Group>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="default" leftSection={<IconPlus size={16} />} disabled={full}>
              Add a block
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {EMAIL_BLOCK_TYPES.map((type) => (
              <Menu.Item key={type} onClick={() => blocks.append(newBlock(type))}>
                <Text size="sm">{EMAIL_BLOCK_LABELS[type]}</Text>
                <Text size="xs" c="dimmed">
                  {BLOCK_HINTS[type]}
                </Text>
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {full && (
          <Text size="sm" c="dimmed">
            An email has at most {MAX_BLOCKS} blocks.
          </Text>
        )}
      </Group>
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing === null ? 'the block' : nameAt(removing)}?`}
      >
        <Stack>
          <Text size="sm">What it holds goes with it. Nothing changes for anyone until you save the email.</Text>
          <DialogActions
            onCancel={() => setRemoving(null)}
            confirm="Remove the block"
            color="red"
            onConfirm={() => {
              if (removing !== null) blocks.remove(removing);
              setRemoving(null);
            }}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
