import type { SettingsValues } from '@atelier/contracts';
import { NumberInput, Select } from '@mantine/core';
import { useCategories } from '../../categories/api';
import { useSaveSettings } from '../../settings/api';
import { SettingsRows } from '../../settings/components/settings-rows';

type Rule = SettingsValues<'companySettings'>['priceRules'][number];

/**
 * What each price level takes off the list price (the wholesale module): on a category and the
 * categories under it, or on everything; an account's customers pay it on their orders and quotes.
 */
export function PriceRules({ current }: { current: SettingsValues<'companySettings'> }) {
  const save = useSaveSettings('companySettings');
  const categories = useCategories();
  return (
    <SettingsRows<Rule>
      title="Price levels’ discounts"
      text="An account at a level pays its list prices less these: the rule of the product’s nearest category first, else the level’s rule for everything. An account’s own prices (its Pricing tab) come before both."
      initial={current.priceRules}
      fresh={() => ({ level: current.priceLevels[0] ?? '', category: null, percentOff: 10 })}
      noun="rule"
      addLabel="Add a discount"
      saveLabel="Save discounts"
      saved="Discounts saved."
      path="priceRules"
      onSave={(rules) => save.mutateAsync({ priceRules: rules })}
      cells={(r, set, error) => [
        <Select
          key="level"
          label="Level"
          data={[...new Set([...current.priceLevels, r.level].filter(Boolean))]}
          value={r.level || null}
          onChange={(v) => set({ level: v ?? '' })}
          error={error('level')}
          allowDeselect={false}
        />,
        <Select
          key="on"
          label="On"
          placeholder="Everything"
          data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.path }))}
          value={r.category}
          onChange={(v) => set({ category: v })}
          clearable
          searchable
          error={error('category')}
        />,
        <NumberInput
          key="off"
          label="Off"
          suffix=" %"
          min={0}
          max={100}
          decimalScale={2}
          flex={1}
          miw={0}
          value={r.percentOff}
          onChange={(v) => set({ percentOff: typeof v === 'number' ? v : 0 })}
          error={error('percentOff')}
        />,
      ]}
    />
  );
}
