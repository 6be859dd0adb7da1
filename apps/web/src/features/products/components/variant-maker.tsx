import type { Product, Variant } from '@atelier/contracts';
import { Button, Card, Chip, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useCreateVariants } from '../variants-api';

const key = (values: string[]) => values.map((v) => v.toLowerCase()).join('\u241f');

/**
 * Makes variants from the values chosen of each option: every combination of them that the
 * product does not have yet (12 widths × 2 finishes, not necessarily all of every option).
 */
export function VariantMaker({ product, variants }: { product: Product; variants: Variant[] }) {
  const [chosen, setChosen] = useState<string[][]>(() => product.options.map((o) => o.values));
  const create = useCreateVariants(product._id);
  const have = useMemo(() => new Set(variants.map((v) => key(v.values))), [variants]);
  const combinations = chosen.reduce<string[][]>(
    (acc, values) => acc.flatMap((c) => values.map((v) => [...c, v])),
    [[]],
  );
  const fresh = chosen.some((values) => values.length === 0) ? [] : combinations.filter((c) => !have.has(key(c)));
  if (product.options.length === 0)
    return (
      <Card withBorder padding="lg">
        <Text size="sm" c="dimmed">
          Give the product its options above (a width, a finish…) to make its variants.
        </Text>
      </Card>
    );
  const make = async () => {
    try {
      await create.mutateAsync(fresh);
      toastSuccess(`${fresh.length} variant${fresh.length === 1 ? '' : 's'} made.`);
    } catch (error) {
      showSubmitError(error);
    }
  };
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Make variants
        </Title>
        {product.options.map((option, i) => (
          <Stack key={option.name} gap={4}>
            <Text size="sm" fw={500} id={`make-${i}`}>
              {option.name}
            </Text>
            <Chip.Group
              multiple
              value={chosen[i] ?? []}
              onChange={(values) =>
                setChosen((list) => list.map((v, j) => (j === i ? option.values.filter((x) => values.includes(x)) : v)))
              }
            >
              <Group gap={6} role="group" aria-labelledby={`make-${i}`}>
                {option.values.map((value) => (
                  <Chip key={value} value={value} size="sm">
                    {value}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
        ))}
        <Group justify="space-between">
          <Text size="sm">
            {combinations.length} combination{combinations.length === 1 ? '' : 's'} chosen, {fresh.length} new.
          </Text>
          <Button onClick={make} disabled={fresh.length === 0} loading={create.isPending}>
            Make {fresh.length} variant{fresh.length === 1 ? '' : 's'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
