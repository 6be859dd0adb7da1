import { Card, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * A card holding what a query lists: "Loading…", its error in red, the `empty` words when it
 * has nothing, else the list (a table) as `children` draws it.
 */
export function QueryCard<T>(props: {
  query: UseQueryResult<T[]>;
  empty: string;
  /** The words for a failed load (the server's message unless said). */
  failed?: string;
  children: (data: T[]) => ReactNode;
}) {
  const { query } = props;
  const line = (text: string, color: string) => (
    <Text p="md" c={color}>
      {text}
    </Text>
  );
  return (
    <Card withBorder padding={0}>
      {query.isPending
        ? line('Loading…', 'dimmed')
        : query.isError
          ? line(props.failed ?? query.error.message, 'red')
          : query.data.length === 0
            ? line(props.empty, 'dimmed')
            : props.children(query.data)}
    </Card>
  );
}
