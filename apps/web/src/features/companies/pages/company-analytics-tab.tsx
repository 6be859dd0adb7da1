import { type Company, KINDS, SELL_UNIT_LABELS, type SellUnit, type TopProduct } from '@atelier/contracts';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { useRecord } from '../../../components/record/record-outlet';
import { ScrollTable } from '../../../components/scroll-table';
import { formatQuantity } from '../../../lib/format';
import { unitWords } from '../../../lib/unit-words';
import { useCompanyAnalytics, useMaySeeSales } from '../../sales-analytics/api';
import { NotYet, SalesByMonth, SalesFigureCards, useMoney } from '../../sales-analytics/components/sales-by-month';

// A line keeps the unit it was sold in; one the catalog no longer knows shows as written.
const quantityOf = (p: TopProduct) =>
  `${formatQuantity(p.quantity)} ${Object.hasOwn(SELL_UNIT_LABELS, p.unit) ? unitWords(p.unit as SellUnit, p.quantity) : p.unit}`;

const itemPage = (p: TopProduct) =>
  p.productId ? `${KINDS.product.webPath}/${p.productId}` : `${KINDS.raw_material.webPath}/${p.materialId}`;

/** /u/companies/{id}/analytics: what the account has bought, by month, and what it buys most. */
export default function CompanyAnalyticsTab() {
  const { record } = useRecord<Company>();
  const allowed = useMaySeeSales().company;
  const analytics = useCompanyAnalytics(record._id);
  const money = useMoney();
  if (!allowed) return <NoAccess />;
  if (!analytics.data) return <NotYet error={analytics.error} label="analytics" />;
  const { sales, figures, topProducts } = analytics.data;
  return (
    <Stack>
      <SalesFigureCards figures={figures} show={['orders', 'year', 'average']} />
      <SalesByMonth months={sales} />
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Top products
          </Title>
          <Text size="sm" c="dimmed">
            By revenue over the last 12 months, after discounts and before tax.
          </Text>
          {topProducts.length === 0 ? (
            <Text size="sm" c="dimmed">
              No products sold to {record.name} in the last 12 months.
            </Text>
          ) : (
            <ScrollTable
              head={['Product', 'SKU', 'Quantity', 'Revenue']}
              rows={topProducts.map((p) => ({
                key: `${p._id}-${p.unit}`,
                cells: [
                  <Anchor key="name" component={Link} to={itemPage(p)} size="sm">
                    {p.name}
                  </Anchor>,
                  p.sku || '—',
                  quantityOf(p),
                  money(p.revenueCents),
                ],
              }))}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
