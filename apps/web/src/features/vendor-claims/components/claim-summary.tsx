import { KINDS, recordHref, VENDOR_CLAIM_REASON_LABELS, type VendorClaim } from '@atelier/contracts';
import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Fact } from '../../../components/money/fact';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '../../../lib/format';
import { PhotoThumbs } from './claim-photos';
import { ClaimStatusBadge } from './claim-status';

/** What the claimed items cost the firm: the line's unit cost times the quantity, as the server rounds it. */
export const claimCostCents = (c: Pick<VendorClaim, 'unitCostCents' | 'quantity'>) =>
  Math.round(c.unitCostCents * c.quantity);

const to = (href: string, text: string) => (
  <Anchor component={Link} to={href} size="sm">
    {text}
  </Anchor>
);

/**
 * The claim as the buyer reads it: the vendor and purchase order, the item, how many at what
 * cost, why, the return it came from, the photos, and how the vendor answered.
 */
export function ClaimSummary({ claim, currency }: { claim: VendorClaim; currency?: string }) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group gap="xs">
          <ClaimStatusBadge status={claim.status} />
          <Text size="sm">
            {to(recordHref(KINDS.vendor, claim.vendor._id), claim.vendor.name)}
            {' · Purchase order '}
            {to(recordHref(KINDS.purchase_order, claim.purchaseOrder._id), claim.purchaseOrder.name)}
            {claim.return && (
              <>
                {' · Return '}
                {to(recordHref(KINDS.return, claim.return._id), claim.return.name)}
              </>
            )}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
          <Fact label="Item">
            {claim.item || '—'}
            {claim.sku && (
              <Text size="xs" c="dimmed">
                {claim.sku}
              </Text>
            )}
          </Fact>
          <Fact label="Quantity">{formatQuantity(claim.quantity)}</Fact>
          <Fact label="Unit cost">{money(claim.unitCostCents)}</Fact>
          <Fact label="At cost">
            <Text fw={700} span>
              {money(claimCostCents(claim))}
            </Text>
          </Fact>
          <Fact label="Reason">{VENDOR_CLAIM_REASON_LABELS[claim.reason]}</Fact>
          <Fact label="Opened on">{formatDate(claim.openedOn)}</Fact>
          {claim.resolvedAt && <Fact label="Answered">{formatDateTime(claim.resolvedAt)}</Fact>}
          {claim.status === 'credited' && (
            <Fact label="Credited">
              <Text fw={700} span>
                {money(claim.creditCents)}
              </Text>
              {claim.vendorCredit && (
                <Text size="xs">
                  {to(recordHref(KINDS.vendor_credit, claim.vendorCredit._id), claim.vendorCredit.name)}
                </Text>
              )}
            </Fact>
          )}
        </SimpleGrid>
        {claim.status === 'replaced' && (
          <Text size="sm">The vendor sent a replacement: it was received into stock at the line’s cost.</Text>
        )}
        {claim.status === 'rejected' && (
          <Alert color="gray" title="The vendor refused it">
            {claim.rejectReason || 'No reason given.'}
          </Alert>
        )}
        {claim.photos.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              Photos
            </Text>
            <Group gap="xs">
              <PhotoThumbs photos={claim.photos} label="Photo" />
            </Group>
          </Stack>
        )}
        {claim.notes && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            Notes: {claim.notes}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
