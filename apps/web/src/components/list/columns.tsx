import { Badge, Group } from '@mantine/core';
import { formatDateTime } from '../../lib/format';
import type { Column } from './types';

/** The columns many lists share: tags as badges, and when a record was created and updated. */
export function tagsColumn<Row extends { tags: string[] }>(hidden = false): Column<Row> {
  return {
    key: 'tags',
    label: 'Tags',
    hidden,
    render: (r) => (
      <Group gap={4}>
        {r.tags.map((t) => (
          <Badge key={t} size="sm" variant="light" tt="none">
            {t}
          </Badge>
        ))}
      </Group>
    ),
  };
}

export const updatedColumn = <Row extends { updatedAt: string }>(): Column<Row> => ({
  key: 'updated',
  label: 'Updated',
  sort: 'updated',
  render: (r) => formatDateTime(r.updatedAt),
  hidden: true,
});

export const createdColumn = <Row extends { createdAt: string }>(): Column<Row> => ({
  key: 'created',
  label: 'Created',
  sort: 'created',
  render: (r) => formatDateTime(r.createdAt),
  hidden: true,
});
