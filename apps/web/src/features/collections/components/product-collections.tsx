import { KINDS } from '@atelier/contracts';
import { Anchor, Group, Input, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useProductCollections } from '../api';

/**
 * The collections a product is in now, each a link to its page: hand-picked ones are changed
 * there, rule ones follow the product. Shown to those who may open collections.
 */
export function ProductCollections({ productId }: { productId: string }) {
  const found = useProductCollections(productId);
  if (!found.data) return null;
  return (
    <Input.Wrapper label="Collections" labelElement="div">
      {found.data.length ? (
        <Group gap="xs" mt={4}>
          {found.data.map((c, i) => (
            <Text key={c._id} size="sm" span>
              <Anchor component={Link} to={`${KINDS.collection.webPath}/${c._id}`} size="sm">
                {c.name}
              </Anchor>
              {c.kind === 'rules' ? ' (by its rules)' : ''}
              {i < found.data.length - 1 ? ',' : ''}
            </Text>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed" mt={4}>
          Not in any collection.
        </Text>
      )}
    </Input.Wrapper>
  );
}
