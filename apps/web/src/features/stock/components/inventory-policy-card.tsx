import type { SettingsValues } from '@atelier/contracts';
import { Card, Radio, Stack, Text, Title } from '@mantine/core';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings } from '../../settings/api';

/**
 * The firm's inventory policy (103): whether stock may go below zero. A product or material may
 * have its own on its stock tab.
 */
export function InventoryPolicyCard({ current }: { current: SettingsValues<'inventorySettings'> }) {
  const save = useSaveSettings('inventorySettings');
  const change = async (value: string) => {
    try {
      await save.mutateAsync({ allowNegativeStock: value === 'allow' });
      toastSuccess('Inventory policy saved.');
    } catch (error) {
      showSubmitError(error);
    }
  };
  return (
    <Card withBorder padding="lg" maw={640}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Inventory policy
        </Title>
        <Radio.Group
          aria-label="Whether stock may go below zero"
          value={current.allowNegativeStock ? 'allow' : 'forbid'}
          onChange={change}
        >
          <Stack gap="xs">
            <Radio value="forbid" label="Stock never goes below zero: what is not on the shelf cannot leave it" />
            <Radio value="allow" label="Stock may go below zero: sell on backorder and receive later" />
          </Stack>
        </Radio.Group>
        <Text size="sm" c="dimmed">
          A product or material can have its own policy on its Stock tab.
        </Text>
      </Stack>
    </Card>
  );
}
