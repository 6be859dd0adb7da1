import { MAX_PROPOSAL_SECTIONS, type Proposal, type ProposalValues } from '@atelier/contracts';
import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { DialogActions } from '../../../components/dialog-actions';
import { RichTextField } from '../../../components/form/rich-text-field';
import { useSortableList } from '../../../components/sortable';
import { formatMoney } from '../../../lib/format';
import { estimate, savedLinesOf, unpricedWords } from '../proposal-totals';
import { type ImageUrls, SectionImages } from './proposal-images';
import { SectionLines } from './section-lines';

type Form = UseFormReturn<ProposalValues>;

const INSTRUCTIONS =
  'To move a section, press space or enter on its handle, then the up and down arrows, then space or enter to drop it, or escape to cancel.';

/** What a section's counted lines come to as typed, before tax and the proposal's own discount. */
function SectionSubtotal({ form, index, record, currency }: SectionProps) {
  const [lines, customer] = useWatch({ control: form.control, name: [`sections.${index}.lines`, 'customer'] });
  const figures = estimate(lines ?? [], savedLinesOf(record, customer));
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={600}>
        Section subtotal {formatMoney(figures.beforeTaxCents, currency)}
      </Text>
      <Text size="xs" c={figures.error ? 'red.8' : 'dimmed'}>
        {figures.error ?? (figures.unpriced > 0 ? unpricedWords(figures.unpriced) : 'Before tax.')}
      </Text>
    </Stack>
  );
}

type SectionProps = {
  form: Form;
  index: number;
  record?: Proposal;
  taxClasses: readonly string[];
  currency?: string;
  images: ImageUrls;
};

function SectionCard(
  props: SectionProps & { id: string; count: number; onMove: (to: number) => void; onRemove: () => void },
) {
  const { form, index, record, id, count } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const errors = form.formState.errors.sections?.[index];
  const title = useWatch({ control: form.control, name: `sections.${index}.title` });
  const label = `Section ${index + 1}`;
  const named = title?.trim() || label;
  const savedId = form.getValues(`sections.${index}.id`);
  const saved = record?.sections.find((s) => s._id === savedId);
  const headingId = `proposal-section-${id}`;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p={{ base: 'xs', sm: 'md' }}
      role="group"
      aria-labelledby={headingId}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={4} wrap="nowrap" miw={0}>
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              aria-label={`Drag ${label} to move it`}
              style={{ cursor: 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={18} />
            </ActionIcon>
            <Title order={3} size="h5" id={headingId}>
              {label}
            </Title>
          </Group>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${label} up`}
              disabled={index === 0}
              onClick={() => props.onMove(index - 1)}
            >
              <IconArrowUp size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${label} down`}
              disabled={index === count - 1}
              onClick={() => props.onMove(index + 1)}
            >
              <IconArrowDown size={18} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={props.onRemove}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Group>
        <TextInput
          label="Title"
          placeholder="Kitchen, bathroom, outdoor lighting…"
          required
          {...form.register(`sections.${index}.title`)}
          error={errors?.title?.message}
        />
        <RichTextField
          form={form}
          name={`sections.${index}.body`}
          label="Description"
          description="The scope of this part of the work, in the client's words."
          error={errors?.body?.message}
        />
        <Controller
          control={form.control}
          name={`sections.${index}.images`}
          render={({ field }) => (
            <SectionImages
              section={named}
              value={field.value ?? []}
              onChange={field.onChange}
              onAdd={(ids) =>
                form.setValue(
                  `sections.${index}.images`,
                  [...(form.getValues(`sections.${index}.images`) ?? []), ...ids],
                  {
                    shouldDirty: true,
                  },
                )
              }
              error={errors?.images?.message}
              {...props.images}
            />
          )}
        />
        <SectionLines form={form} index={index} record={saved?.lines} taxClasses={props.taxClasses} />
        <SectionSubtotal {...props} />
      </Stack>
    </Paper>
  );
}

/**
 * The proposal's sections, in the order the client reads them: added, removed, dragged (or moved
 * with the arrows) into place, each with its words, pictures and priced lines.
 */
export function SectionsEditor(props: Omit<SectionProps, 'index'>) {
  const { form } = props;
  const sections = useFieldArray({ control: form.control, name: 'sections' });
  const [removing, setRemoving] = useState<number | null>(null);
  const sortable = useSortableList(
    sections.fields,
    (f) => f.id,
    (f) => form.getValues(`sections.${sections.fields.indexOf(f)}.title`) || 'The section',
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = sections.fields.map((f) => f.id);
    sections.move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  const remove = (index: number) => {
    const section = form.getValues(`sections.${index}`);
    const empty = !section.title && !section.body && !section.images?.length && !section.lines?.length;
    if (empty) sections.remove(index);
    else setRemoving(index);
  };
  const errors = form.formState.errors.sections;
  const listError = errors?.message ?? errors?.root?.message;
  const doomed = removing === null ? null : form.getValues(`sections.${removing}`);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Sections
      </Title>
      {listError && (
        <Text size="sm" c="red.8">
          {listError}
        </Text>
      )}
      {sections.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No sections yet. Add one for each part of the work (the kitchen, the bathroom…), with its words, pictures and
          prices.
        </Text>
      )}
      <DndContext
        sensors={sortable.sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ ...sortable.accessibility, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      >
        <SortableContext items={sections.fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
          {sections.fields.map((field, i) => (
            <SectionCard
              key={field.id}
              id={field.id}
              index={i}
              count={sections.fields.length}
              onMove={(to) => sections.move(i, to)}
              onRemove={() => remove(i)}
              {...props}
            />
          ))}
        </SortableContext>
      </DndContext>
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={sections.fields.length >= MAX_PROPOSAL_SECTIONS}
          onClick={() => sections.append({ title: '', body: '', images: [], lines: [] })}
        >
          Add a section
        </Button>
        {sections.fields.length >= MAX_PROPOSAL_SECTIONS && (
          <Text size="sm" c="dimmed">
            A proposal has at most {MAX_PROPOSAL_SECTIONS} sections.
          </Text>
        )}
      </Group>
      <Modal
        opened={doomed !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${doomed?.title || `section ${(removing ?? 0) + 1}`}?`}
      >
        <Stack>
          <Text size="sm">
            Its words, pictures and {doomed?.lines?.length ?? 0} line{doomed?.lines?.length === 1 ? '' : 's'} go with
            it. Nothing changes for the client until you save the proposal.
          </Text>
          <DialogActions
            onCancel={() => setRemoving(null)}
            confirm="Remove the section"
            color="red"
            onConfirm={() => {
              if (removing !== null) sections.remove(removing);
              setRemoving(null);
            }}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
