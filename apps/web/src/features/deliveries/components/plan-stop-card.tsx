import { STOP_STATUS_LABELS } from '@atelier/contracts';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Badge,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash, IconX } from '@tabler/icons-react';
import { Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { formatQuantity } from '../../../lib/format';
import type { RouteValues, StopInfo } from '../route-values';
import { addressText, STOP_STATUS_COLORS, windowText } from '../stop-words';

type Props = {
  form: UseFormReturn<RouteValues>;
  index: number;
  count: number;
  /** The field array's key: what dragging moves. */
  id: string;
  info: StopInfo | undefined;
  onMove: (to: number) => void;
  onRemove: () => void;
};

/** A stop's lines: each quantity may be lowered to deliver part of it, or the line left for another day. */
function StopLines({ form, index, info, editable }: Pick<Props, 'form' | 'index' | 'info'> & { editable: boolean }) {
  const lines = useFieldArray({ control: form.control, name: `stops.${index}.lines` });
  const errors = form.formState.errors.stops?.[index]?.lines;
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <Stack gap={4}>
      <Table verticalSpacing={4} horizontalSpacing="xs" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th w={editable ? 128 : 90}>Quantity</Table.Th>
            {editable && <Table.Th w={36} aria-label="Remove" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.fields.map((field, i) => {
            const line = form.getValues(`stops.${index}.lines.${i}.line`);
            const about = info?.lines.get(line);
            const name = about?.name ?? 'An order line';
            return (
              <Table.Tr key={field.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm">{name}</Text>
                  {about?.sku && (
                    <Text size="xs" c="dimmed">
                      {about.sku}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {editable ? (
                    <Controller
                      control={form.control}
                      name={`stops.${index}.lines.${i}.quantity`}
                      render={({ field: input }) => (
                        <NumberInput
                          aria-label={`Quantity of ${name}`}
                          size="xs"
                          min={0}
                          max={about?.max}
                          decimalScale={4}
                          clampBehavior="strict"
                          suffix={about?.unit && about.unit !== 'each' ? ` ${about.unit}` : undefined}
                          value={input.value}
                          onChange={(v) => input.onChange(v === '' ? undefined : v)}
                          error={errors?.[i]?.quantity?.message}
                        />
                      )}
                    />
                  ) : (
                    <Text size="sm">
                      {formatQuantity(form.getValues(`stops.${index}.lines.${i}.quantity`))}
                      {about?.unit && about.unit !== 'each' ? ` ${about.unit}` : ''}
                    </Text>
                  )}
                </Table.Td>
                {editable && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Leave ${name} off this stop`}
                      disabled={lines.fields.length === 1}
                      onClick={() => lines.remove(i)}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {listError && (
        <Text size="xs" c="red.8">
          {listError}
        </Text>
      )}
    </Stack>
  );
}

/**
 * One stop of the plan: whose order, where, when, what it carries. A stop the driver has left
 * for, delivered or failed is shown as it is: it can move in the order, nothing more.
 */
export function PlanStopCard(props: Props) {
  const { form, index, count, id, info } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const stop = useWatch({ control: form.control, name: `stops.${index}` });
  const errors = form.formState.errors.stops?.[index];
  const status = info?.status ?? 'scheduled';
  const editable = status === 'scheduled';
  const label = `Stop ${index + 1}`;
  const headingId = `delivery-stop-${id}`;
  const address = stop?.address ?? info?.address ?? null;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p={{ base: 'xs', sm: 'md' }}
      role="group"
      aria-labelledby={headingId}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Stack gap="xs">
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
            <Title order={3} size="h5" id={headingId} style={{ whiteSpace: 'nowrap' }}>
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
            {editable && (
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={props.onRemove}>
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
        </Group>
        <div>
          <Group gap="xs" mb={4}>
            <Badge color={STOP_STATUS_COLORS[status]} variant="light">
              {STOP_STATUS_LABELS[status]}
            </Badge>
            {info?.failedBefore && (
              <Badge color="orange" variant="light">
                Put back by a failed stop
              </Badge>
            )}
          </Group>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {info ? `${info.orderName} · ${info.customerName}` : 'An order'}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {addressText(address) || 'No delivery address on the order: add one to the order before the driver leaves.'}
          </Text>
        </div>
        {editable ? (
          <SimpleGrid cols={2} spacing="xs">
            <TextInput
              type="time"
              label="Window from"
              {...form.register(`stops.${index}.windowStart`, { setValueAs: (v) => v || null })}
              error={errors?.windowStart?.message}
            />
            <TextInput
              type="time"
              label="Window until"
              {...form.register(`stops.${index}.windowEnd`, { setValueAs: (v) => v || null })}
              error={errors?.windowEnd?.message}
            />
          </SimpleGrid>
        ) : (
          stop && windowText(stop) && <Text size="sm">Window {windowText(stop)}</Text>
        )}
        <StopLines form={form} index={index} info={info} editable={editable} />
        {editable ? (
          <Textarea
            label="Notes for the driver"
            autosize
            minRows={1}
            {...form.register(`stops.${index}.notes`)}
            error={errors?.notes?.message}
          />
        ) : (
          stop?.notes && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {stop.notes}
            </Text>
          )
        )}
      </Stack>
    </Paper>
  );
}
