import { type DeliveryRoute, MAX_ROUTE_STOPS } from '@atelier/contracts';
import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { useSortableList } from '../../../components/sortable';
import {
  infoOfOrder,
  infoOfStop,
  newStop,
  type RouteValues,
  type StopInfo,
  type StopValues,
  type ToDeliverOrder,
} from '../route-values';
import { PlanStopCard } from './plan-stop-card';
import { ToDeliverPanel } from './to-deliver-panel';

const INSTRUCTIONS =
  'To move a stop, press space or enter on its handle, then the up and down arrows, then space or enter to drop it, or escape to cancel.';

/**
 * The route's stops in the order they are driven: dragged (or moved with the arrows) into place,
 * added from the orders to deliver, removed while nobody has left for them.
 */
export function StopsPlanner({ form, record }: { form: UseFormReturn<RouteValues>; record?: DeliveryRoute }) {
  const stops = useFieldArray({ control: form.control, name: 'stops' });
  const watched = useWatch({ control: form.control, name: 'stops' });
  // What the planner knows of the orders it added (saved stops carry their own).
  const [added, setAdded] = useState<Map<string, StopInfo>>(() => new Map());
  const saved = useMemo(() => new Map((record?.stops ?? []).map((s) => [s._id, infoOfStop(s)])), [record]);
  const infoOf = (stop: StopValues | undefined) =>
    stop ? (stop.id ? saved.get(stop.id) : added.get(stop.order)) : undefined;
  const planned = new Set((watched ?? []).filter((s) => !s.id).map((s) => s.order));

  const sortable = useSortableList(
    stops.fields,
    (f) => f.id,
    (f) => {
      const i = stops.fields.indexOf(f);
      const info = infoOf(form.getValues(`stops.${i}`));
      return info ? `Stop ${i + 1}, ${info.customerName}` : `Stop ${i + 1}`;
    },
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = stops.fields.map((f) => f.id);
    stops.move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  const add = (entry: ToDeliverOrder) => {
    setAdded((known) => new Map(known).set(entry.order._id, infoOfOrder(entry)));
    stops.append(newStop(entry));
  };
  const errors = form.formState.errors.stops;
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Stops
      </Title>
      {listError && (
        <Text size="sm" c="red.8">
          {listError}
        </Text>
      )}
      {stops.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No stops yet. Add orders from the list below, then drag them into the order you will drive them.
        </Text>
      )}
      <DndContext
        sensors={sortable.sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ ...sortable.accessibility, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      >
        <SortableContext items={stops.fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
          {stops.fields.map((field, i) => (
            <PlanStopCard
              key={field.id}
              id={field.id}
              form={form}
              index={i}
              count={stops.fields.length}
              info={infoOf(watched?.[i])}
              onMove={(to) => stops.move(i, to)}
              onRemove={() => stops.remove(i)}
            />
          ))}
        </SortableContext>
      </DndContext>
      <ToDeliverPanel planned={planned} full={stops.fields.length >= MAX_ROUTE_STOPS} onAdd={add} />
    </Stack>
  );
}
