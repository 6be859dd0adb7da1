import { NumberInput } from '@mantine/core';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';

type Terms = { paymentTermsDays: unknown; creditLimitCents: unknown };

/** Payment terms in days and a credit limit in dollars (kept in cents): an account's, or the firm's default. */
export function TermsFields<T extends Terms>({ control, errors }: { control: Control<T>; errors: FieldErrors<T> }) {
  const c = control as unknown as Control<Terms>;
  const e = errors as FieldErrors<Terms>;
  return (
    <>
      <Controller
        control={c}
        name="paymentTermsDays"
        render={({ field }) => (
          <NumberInput
            label="Payment terms (days)"
            min={0}
            max={365}
            value={Number(field.value)}
            onChange={(v) => field.onChange(Number(v) || 0)}
            error={e.paymentTermsDays?.message as string | undefined}
          />
        )}
      />
      <Controller
        control={c}
        name="creditLimitCents"
        render={({ field }) => (
          <NumberInput
            label="Credit limit"
            prefix="$"
            thousandSeparator=","
            decimalScale={2}
            min={0}
            value={Number(field.value) / 100}
            onChange={(v) => field.onChange(Math.round((Number(v) || 0) * 100))}
            error={e.creditLimitCents?.message as string | undefined}
          />
        )}
      />
    </>
  );
}
