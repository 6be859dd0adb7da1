import type { SettingsValues } from '@atelier/contracts';
import { ActionIcon, Button, Card, Grid, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useCategories } from '../../categories/api';
import { useSaveSettings } from '../../settings/api';

type Rule = SettingsValues<'companySettings'>['priceRules'][number];

/**
 * What each price level takes off the list price (the wholesale module): on a category and the
 * categories under it, or on everything; an account's customers pay it on their orders and quotes.
 */
export function PriceRules({ current }: { current: SettingsValues<'companySettings'> }) {
  const save = useSaveSettings('companySettings');
  const categories = useCategories();
  const [rules, setRules] = useState<Rule[]>(() => current.priceRules);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (i: number, change: Partial<Rule>) =>
    setRules((all) => all.map((r, k) => (k === i ? { ...r, ...change } : r)));
  return (
    <Card withBorder padding="lg" maw={720}>
      <Stack>
        <Title order={2} size="h4">
          Price levels’ discounts
        </Title>
        <Text size="sm">
          An account at a level pays its list prices less these: the rule of the product’s nearest category first, else
          the level’s rule for everything. An account’s own prices (its Pricing tab) come before both.
        </Text>
        {rules.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; their place is their identity here
          <Grid key={i} gap="xs" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label="Level"
                data={[...new Set([...current.priceLevels, r.level].filter(Boolean))]}
                value={r.level || null}
                onChange={(v) => set(i, { level: v ?? '' })}
                error={errors[`priceRules.${i}.level`]}
                allowDeselect={false}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label="On"
                placeholder="Everything"
                data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.path }))}
                value={r.category}
                onChange={(v) => set(i, { category: v })}
                clearable
                searchable
                error={errors[`priceRules.${i}.category`]}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <NumberInput
                  label="Off"
                  suffix=" %"
                  min={0}
                  max={100}
                  decimalScale={2}
                  flex={1}
                  miw={0}
                  value={r.percentOff}
                  onChange={(v) => set(i, { percentOff: typeof v === 'number' ? v : 0 })}
                  error={errors[`priceRules.${i}.percentOff`]}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={4}
                  aria-label={`Remove rule ${i + 1}`}
                  onClick={() => setRules((all) => all.filter((_, k) => k !== i))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Grid.Col>
          </Grid>
        ))}
        <Group justify="space-between">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              setRules((all) => [...all, { level: current.priceLevels[0] ?? '', category: null, percentOff: 10 }])
            }
          >
            Add a discount
          </Button>
          <Button
            loading={save.isPending}
            onClick={async () => {
              try {
                await save.mutateAsync({ priceRules: rules });
                setErrors({});
                toastSuccess('Discounts saved.');
              } catch (error) {
                if (error instanceof ApiError) setErrors(error.fields);
                showSubmitError(error);
              }
            }}
          >
            Save discounts
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
