import { ActionIcon, Group, Input, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { RecordSearchSelect } from '../../../components/record-search-select';
import { useProductNames } from '../api';
import { moveItem } from '../blocks';

/** The most products one block shows (the contract's limit). */
export const MAX_BLOCK_PRODUCTS = 6;

/** A product-cards block's products, in the order they show: picked by searching, moved, taken out. */
export function ProductsBlockField(props: {
  value: string[];
  onChange: (products: string[]) => void;
  block: string;
  error?: string;
}) {
  const { value, onChange } = props;
  const id = useId();
  const saved = useProductNames(value);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const names = { ...saved.data, ...picked };
  const full = value.length >= MAX_BLOCK_PRODUCTS;
  return (
    <Input.Wrapper
      label="Products"
      withAsterisk
      description={`Up to ${MAX_BLOCK_PRODUCTS}, each as a card with its picture, name and price, linking to your store.`}
      error={props.error}
      labelElement="div"
      labelProps={{ id }}
    >
      <Stack gap="xs" mt={4} role="group" aria-labelledby={id}>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            No product chosen yet.
          </Text>
        ) : (
          <Stack gap={4} component="ol" m={0} pl="lg">
            {value.map((product, i) => {
              const name = names[product] ?? (saved.isFetching ? 'Loading…' : 'A product no longer listed');
              return (
                <li key={product}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" truncate>
                      {name}
                    </Text>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Move ${name} up in ${props.block}`}
                        disabled={i === 0}
                        onClick={() => onChange(moveItem(value, i, i - 1))}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Move ${name} down in ${props.block}`}
                        disabled={i === value.length - 1}
                        onClick={() => onChange(moveItem(value, i, i + 1))}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Take ${name} out of ${props.block}`}
                        onClick={() => onChange(value.filter((p) => p !== product))}
                      >
                        <IconX size={16} />
                      </ActionIcon>
                    </Group>
                  </Group>
                </li>
              );
            })}
          </Stack>
        )}
        {full ? (
          <Text size="xs" c="dimmed">
            A block shows at most {MAX_BLOCK_PRODUCTS} products: add another product block for more.
          </Text>
        ) : (
          <RecordSearchSelect<{ _id: string; name: string }>
            endpoint="/products"
            label="Add a product"
            placeholder="Search the products"
            notFound="No product found"
            value={null}
            onChange={(picked, row) => {
              if (!picked || value.includes(picked)) return;
              if (row) setPicked((all) => ({ ...all, [row._id]: row.name }));
              onChange([...value, picked]);
            }}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
