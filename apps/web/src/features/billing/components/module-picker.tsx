import { type Billing, monthlyTotalCents } from '@atelier/contracts';
import { Badge, Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../../lib/format';

type Props = { billing: Billing; value: string[]; onChange?: (features: string[]) => void };

/**
 * The modules with their monthly prices; read-only without `onChange`. One that is not for sale
 * (a negative price) is shown as not available, its switch disabled (spec section 6).
 */
export function ModulePicker({ billing, value, onChange }: Props) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {billing.modules.map((module) => {
          const checked = module.available && value.includes(module.key);
          return (
            <Paper key={module.key} withBorder p="sm" radius="md">
              <Checkbox
                checked={checked}
                disabled={!onChange || !module.available}
                onChange={(event) =>
                  onChange?.(
                    event.currentTarget.checked ? [...value, module.key] : value.filter((k) => k !== module.key),
                  )
                }
                label={
                  <Group gap="xs" wrap="wrap" justify="space-between">
                    <Text fw={600} size="sm">
                      {module.label}
                    </Text>
                    <Badge
                      variant="light"
                      color={!module.available ? 'gray' : module.monthlyPriceCents === 0 ? 'green' : 'blue'}
                    >
                      {!module.available
                        ? 'Not available'
                        : module.monthlyPriceCents === 0
                          ? 'Included'
                          : `${formatMoney(module.monthlyPriceCents)}/mo`}
                    </Badge>
                  </Group>
                }
                description={module.description}
                styles={{ body: { alignItems: 'flex-start' }, labelWrapper: { flex: 1 } }}
              />
            </Paper>
          );
        })}
      </SimpleGrid>
      <Group justify="flex-end">
        <Text fw={600} data-testid="monthly-total">
          Monthly total: {formatMoney(monthlyTotalCents(value))}
        </Text>
      </Group>
    </Stack>
  );
}
