import { Progress, Table, Text } from '@mantine/core';

/**
 * Figures per month as a table with a bar each (a chart that reads as text too): `series` are
 * the columns, each bar scaled to its column's largest value.
 */
export function MonthlyBars<R extends { month: string }>({
  rows,
  series,
}: {
  rows: R[];
  series: { key: keyof R & string; label: string; format: (n: number) => string; color: string }[];
}) {
  const max = Object.fromEntries(series.map((s) => [s.key, Math.max(...rows.map((r) => Number(r[s.key])), 0)]));
  const monthName = (m: string) =>
    new Date(`${m}-15T12:00:00Z`).toLocaleDateString(undefined, { month: 'short', year: 'numeric' });
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            {series.map((s) => (
              <Table.Th key={s.key}>{s.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.month}>
              <Table.Td w={110}>{monthName(r.month)}</Table.Td>
              {series.map((s) => {
                const n = Number(r[s.key]);
                return (
                  <Table.Td key={s.key}>
                    <Text size="sm">{s.format(n)}</Text>
                    <Progress
                      value={max[s.key] ? (n / max[s.key]!) * 100 : 0}
                      color={s.color}
                      size="sm"
                      aria-label={`${s.label}, ${monthName(r.month)}: ${s.format(n)}`}
                    />
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
