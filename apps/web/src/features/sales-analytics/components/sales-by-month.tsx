import type { SalesFigures, SalesMonth } from '@atelier/contracts';
import { Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Figure } from '../../../components/figure';
import { MonthlyBars } from '../../../components/monthly-bars';
import { formatDate, formatMoney } from '../../../lib/format';
import { useSettings } from '../../settings/api';

/** While the figures load, a spinner; if they could not be had, why (the server's message). */
export function NotYet({ error, label }: { error: Error | null; label: string }) {
  if (!error) return <Loader aria-label={`Loading the ${label}`} />;
  return (
    <Text size="sm" c="dimmed">
      The {label} could not be loaded: {error.message}
    </Text>
  );
}

/** Money in the firm's currency. */
export function useMoney() {
  const currency = useSettings().data?.firmSettings.currency;
  return (cents: number) => formatMoney(cents, currency);
}

export type FigureKey = 'orders' | 'lifetime' | 'year' | 'average' | 'last';

/** The figures asked for, in that order; an average or last date with no sales says so. */
export function SalesFigureCards({ figures, show }: { figures: SalesFigures; show: FigureKey[] }) {
  const money = useMoney();
  const cards: Record<FigureKey, { label: string; value: string }> = {
    orders: { label: 'Orders', value: figures.orders.toLocaleString('en-US') },
    lifetime: { label: 'Lifetime spend', value: money(figures.lifetimeCents) },
    year: { label: 'Sales this year', value: money(figures.yearCents) },
    average: {
      label: 'Average order',
      value: figures.averageCents === null ? 'No orders yet' : money(figures.averageCents),
    },
    last: {
      label: 'Last order',
      value: figures.lastOrderAt === null ? 'No orders yet' : formatDate(figures.lastOrderAt.slice(0, 10)),
    },
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(show.length, 4) }}>
      {show.map((key) => (
        <Figure key={key} label={cards[key].label} value={cards[key].value} />
      ))}
    </SimpleGrid>
  );
}

/** Sales per month over the last twelve, as bars, or the plain fact that there were none. */
export function SalesByMonth({ months, title = 'Sales by month' }: { months: SalesMonth[]; title?: string }) {
  const money = useMoney();
  const none = months.every((m) => m.orders === 0);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            Confirmed orders, not cancelled, by the month they were confirmed
          </Text>
        </Group>
        {none ? (
          <Text size="sm" c="dimmed">
            No sales in the last 12 months.
          </Text>
        ) : (
          <MonthlyBars
            rows={months}
            series={[
              { key: 'cents', label: 'Sales', format: money, color: 'teal' },
              { key: 'orders', label: 'Orders', format: (n) => n.toLocaleString('en-US'), color: 'blue' },
            ]}
          />
        )}
      </Stack>
    </Card>
  );
}
