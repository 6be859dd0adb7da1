import type { Discount } from '@atelier/contracts';
import { Group, NumberInput, SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { MoneyInput } from '../form/fields';

type Kind = Discount['kind'];

/**
 * A discount (or a deposit) typed as a percentage or an amount; empty is none. The kind is a
 * small switch beside the number, so a phone keeps both on one line. Switching kind clears the
 * number: 10 % is not $10.
 */
export function DiscountInput({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  value: Discount | null | undefined;
  onChange: (value: Discount | null) => void;
  error?: string;
}) {
  const [chosen, setChosen] = useState<Kind>(value?.kind ?? 'percent');
  const kind = value?.kind ?? chosen;
  const set = (n: number | undefined) =>
    onChange(!n ? null : kind === 'percent' ? { kind: 'percent', percent: n } : { kind: 'amount', cents: n });
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      {kind === 'percent' ? (
        <NumberInput
          label={label}
          description={description}
          suffix="%"
          min={0}
          max={100}
          decimalScale={2}
          clampBehavior="none"
          flex={1}
          miw={0}
          value={value?.kind === 'percent' ? value.percent : ''}
          onChange={(v) => set(typeof v === 'number' ? v : undefined)}
          error={error}
        />
      ) : (
        <MoneyInput
          label={label}
          description={description}
          flex={1}
          miw={0}
          cents={value?.kind === 'amount' ? value.cents : undefined}
          onChange={set}
          error={error}
        />
      )}
      <SegmentedControl
        aria-label={`${label} as a percentage or an amount`}
        size="xs"
        mb={error ? 24 : 6}
        data={[
          { value: 'percent', label: '%' },
          { value: 'amount', label: '$' },
        ]}
        value={kind}
        onChange={(k) => {
          setChosen(k as Kind);
          onChange(null);
        }}
      />
    </Group>
  );
}
