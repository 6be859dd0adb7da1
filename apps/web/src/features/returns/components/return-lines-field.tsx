import {
  RETURN_CONDITION_LABELS,
  RETURN_REASON_LABELS,
  type ReturnCondition,
  type ReturnReason,
} from '@atelier/contracts';
import { Checkbox, Grid, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { formatMoney, formatQuantity } from '../../../lib/format';
import type { DraftErrors, ReturnRowDraft } from '../return-draft';

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** What is known of a line: delivered, taken back by other returns, and what may still come back. */
function lineFacts(r: ReturnRowDraft) {
  const unit = r.unit ? ` ${r.unit}` : '';
  return [
    r.sku,
    `delivered ${formatQuantity(r.delivered)}${unit}`,
    r.returnedElsewhere > 0 ? `${formatQuantity(r.returnedElsewhere)} returned already` : null,
    r.max > 0 ? `up to ${formatQuantity(r.max)} can come back` : 'all of it is being returned',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The order's delivered lines, each ticked to come back with how many (never more than is left),
 * why, in what state, and a note; each line's messages under its own fields.
 */
export function ReturnLinesField({
  rows,
  onChange,
  errors,
  currency,
}: {
  rows: ReturnRowDraft[];
  onChange: (line: string, change: Partial<ReturnRowDraft>) => void;
  errors: DraftErrors['rows'];
  currency?: string;
}) {
  return (
    <Stack gap="xs">
      {rows.map((r) => {
        const e = errors[r.line] ?? {};
        const closed = r.max <= 0 && !r.selected;
        return (
          <Paper key={r.line} withBorder p="sm" role="group" aria-label={r.name}>
            <Stack gap="xs">
              <Checkbox
                label={
                  <Text size="sm" fw={500} span>
                    {r.name}
                  </Text>
                }
                description={`${lineFacts(r)} · ${formatMoney(r.unitCreditCents, currency)} each`}
                checked={r.selected}
                disabled={closed}
                onChange={(event) => onChange(r.line, { selected: event.currentTarget.checked })}
                error={e.line}
              />
              {r.selected && (
                <Grid gap="xs">
                  <Grid.Col span={{ base: 6, sm: 2 }}>
                    <NumberInput
                      label="Quantity"
                      withAsterisk
                      min={0}
                      max={r.max}
                      decimalScale={4}
                      clampBehavior="none"
                      value={r.quantity}
                      onChange={(v) => onChange(r.line, { quantity: typeof v === 'number' ? v : '' })}
                      error={e.quantity}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3 }}>
                    <Select
                      label="Reason"
                      withAsterisk
                      placeholder="Why"
                      data={options(RETURN_REASON_LABELS)}
                      value={r.reason}
                      onChange={(v) => onChange(r.line, { reason: v as ReturnReason | null })}
                      allowDeselect={false}
                      error={e.reason}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 3 }}>
                    <Select
                      label="Condition"
                      data={options(RETURN_CONDITION_LABELS)}
                      value={r.condition}
                      onChange={(v) => v && onChange(r.line, { condition: v as ReturnCondition })}
                      allowDeselect={false}
                      error={e.condition}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput
                      label="Note"
                      placeholder="What is wrong with it"
                      value={r.note}
                      onChange={(event) => onChange(r.line, { note: event.currentTarget.value })}
                      error={e.note}
                    />
                  </Grid.Col>
                </Grid>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
