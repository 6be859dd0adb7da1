import type { EmailBlockType, EmailInput } from '@atelier/contracts';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { RichTextField } from '../../../components/form/rich-text-field';
import { blockName, MERGE_FIELD_ITEMS } from '../blocks';
import { ImageBlockField } from './image-block-field';
import { MergeTextField } from './merge-text-field';
import { ProductsBlockField } from './products-block-field';

type Form = UseFormReturn<EmailInput>;

/** A block's field errors by field name, from the client's check or the server's `blocks.2.url`. */
type Errors = Record<string, { message?: string; root?: { message?: string } } | undefined> & { message?: string };

/** The first message among a list's items' errors (`products.2`: a product not on the list). */
const firstMessage = (list: unknown): string | undefined =>
  Object.values((list ?? {}) as Record<string, { message?: string } | undefined>).find((e) => e?.message)?.message;

const MERGE_INSERTS = { label: 'Insert a merge field', items: MERGE_FIELD_ITEMS };

/** The fields of one block, by its type. */
function BlockFields({
  form,
  index,
  type,
  errors,
}: {
  form: Form;
  index: number;
  type: EmailBlockType;
  errors: Errors;
}) {
  const at = `blocks.${index}` as const;
  const error = (field: string) => errors[field]?.message ?? errors[field]?.root?.message;
  const alt = useWatch({ control: form.control, name: `${at}.alt` });
  switch (type) {
    case 'heading':
      return <MergeTextField form={form} name={`${at}.text`} label="Heading" required error={error('text')} />;
    case 'text':
      return (
        <RichTextField
          form={form}
          name={`${at}.html`}
          label="Text"
          description="Bold, italics, lists and links; the toolbar’s { } inserts a merge field."
          error={error('html')}
          inserts={MERGE_INSERTS}
        />
      );
    case 'image':
      return (
        <Stack gap="sm">
          <Controller
            control={form.control}
            name={`${at}.file`}
            render={({ field }) => (
              <ImageBlockField
                value={(field.value as string | undefined) ?? ''}
                onChange={field.onChange}
                alt={alt ?? ''}
                error={error('file')}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Words for those who cannot see it"
              description="Read aloud, and shown while images are blocked."
              {...form.register(`${at}.alt`)}
              error={error('alt')}
            />
            <TextInput
              label="Link"
              description="Where a click on the image goes (optional)."
              placeholder="https://"
              {...form.register(`${at}.href`)}
              error={error('href')}
            />
          </SimpleGrid>
        </Stack>
      );
    case 'button':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MergeTextField
            form={form}
            name={`${at}.label`}
            label="Button text"
            placeholder="Shop the sale"
            required
            error={error('label')}
          />
          <TextInput
            label="Link"
            placeholder="https://"
            withAsterisk
            {...form.register(`${at}.url`)}
            error={error('url')}
          />
        </SimpleGrid>
      );
    case 'products':
      return (
        <Controller
          control={form.control}
          name={`${at}.products`}
          render={({ field }) => (
            <ProductsBlockField
              value={(field.value as string[] | undefined) ?? []}
              onChange={field.onChange}
              block={`block ${index + 1}`}
              error={error('products') ?? firstMessage(errors.products)}
            />
          )}
        />
      );
    case 'footer':
      return (
        <MergeTextField
          form={form}
          name={`${at}.text`}
          label="Footer"
          description="Small print near the end. Every email also carries an unsubscribe link and your postal address: no need to write them."
          multiline
          error={error('text')}
        />
      );
  }
}

/** One block of the email: its handle to drag, move up and down, remove, and its fields. */
export function BlockCard(props: {
  form: Form;
  id: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { form, id, index, count } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const block = useWatch({ control: form.control, name: `blocks.${index}` });
  const errors = (form.formState.errors.blocks?.[index] ?? {}) as Errors;
  if (!block) return null;
  const name = blockName(block, index);
  const headingId = `email-block-${id}`;
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
              aria-label={`Drag ${name} to move it`}
              style={{ cursor: 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={18} />
            </ActionIcon>
            <Title order={3} size="h5" id={headingId} lineClamp={1}>
              {name}
            </Title>
          </Group>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${name} up`}
              disabled={index === 0}
              onClick={() => props.onMove(index - 1)}
            >
              <IconArrowUp size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${name} down`}
              disabled={index === count - 1}
              onClick={() => props.onMove(index + 1)}
            >
              <IconArrowDown size={18} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={props.onRemove}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Group>
        {errors.message && (
          <Text size="sm" c="red.8">
            {errors.message}
          </Text>
        )}
        <BlockFields form={form} index={index} type={block.type} errors={errors} />
      </Stack>
    </Paper>
  );
}
