import { type Coupon, P } from '@atelier/contracts';
import { Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DeleteDialog } from '../../../components/delete-dialog';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useCoupons, useDeleteCoupon } from '../api';
import { CouponModal } from '../components/coupon-form';

const off = (c: Coupon) => (c.kind === 'percent' ? `${c.percent}% off` : `${formatMoney(c.amountCents ?? 0)} off`);
const when = (c: Coupon) =>
  c.startsOn && c.endsOn
    ? `${formatDate(c.startsOn)} – ${formatDate(c.endsOn)}`
    : c.startsOn
      ? `From ${formatDate(c.startsOn)}`
      : c.endsOn
        ? `Until ${formatDate(c.endsOn)}`
        : 'Always';
const scope = (c: Coupon) =>
  [...c.categories.map((x) => x.name), ...c.products.map((x) => x.name)].join(', ') || 'Everything';

/** /p/coupons: discount codes, their rules and how often they were used (75). */
export default function CouponsPage() {
  const { can } = useCan();
  const coupons = useCoupons();
  const remove = useDeleteCoupon();
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [removing, setRemoving] = useState<Coupon | null>(null);
  if (!can(P.MODIFY_COUPONS)) return <NoAccess />;
  return (
    <Stack>
      <PageHeader
        title="Coupons"
        description="Codes your customers and staff enter on an order for a percentage or an amount off."
        actions={<Button onClick={() => setEditing('new')}>New coupon</Button>}
      />
      <Card withBorder padding="sm">
        {!coupons.data ? (
          <Loader aria-label="Loading the coupons" />
        ) : coupons.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No coupon yet.
          </Text>
        ) : (
          <ScrollTable
            minWidth={760}
            head={['Code', 'Discount', 'Valid', 'On', 'Used', 'Actions']}
            rows={coupons.data.map((c) => ({
              key: c._id,
              cells: [
                <>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={600} size="sm">
                      {c.code}
                    </Text>
                    {!c.active && (
                      <Badge color="gray" variant="light">
                        Off
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {c.description}
                  </Text>
                </>,
                `${off(c)}${c.minimumCents > 0 ? ` on ${formatMoney(c.minimumCents)} or more` : ''}`,
                when(c),
                scope(c),
                `${c.timesUsed}${c.usageLimit ? ` of ${c.usageLimit}` : ''}${c.perCustomerLimit ? ` (${c.perCustomerLimit} per customer)` : ''}`,
                <Group key="a" gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setEditing(c)}
                    aria-label={`Edit ${c.code}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving(c)}
                    aria-label={`Delete ${c.code}`}
                  >
                    Delete
                  </Button>
                </Group>,
              ],
            }))}
          />
        )}
      </Card>
      {editing && <CouponModal coupon={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <DeleteDialog
        name={removing?.code ?? null}
        text="A coupon an order used cannot be deleted; turn it off instead."
        remove={() => remove.mutateAsync(removing!._id)}
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
