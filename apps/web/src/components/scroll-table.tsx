import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** The first column stays in view while the rest scrolls sideways (a phone's narrow screen). */
const fixed = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' } as const;

/**
 * A plain table of a page's own records (vendor items, coupons, tags), scrolling
 * inside its frame below `minWidth`, its first column fixed (issue 14's phone rule).
 */
export function ScrollTable({
  head,
  rows,
  minWidth = 560,
}: {
  head: string[];
  /** Each row: its key and its cells, in the order of `head`. */
  rows: { key: string; cells: ReactNode[] }[];
  minWidth?: number;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={h} style={i === 0 ? fixed : undefined}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order.
                <Table.Td key={i} style={i === 0 ? fixed : undefined}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
