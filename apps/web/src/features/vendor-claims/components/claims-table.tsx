import { KINDS, recordHref, type VendorClaimRow } from '@atelier/contracts';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDate, formatQuantity } from '../../../lib/format';
import { ClaimStatusBadge } from './claim-status';

/**
 * Claims as a list on another record's page, each linked: a vendor's (with the purchase order of
 * each, `withOrder`) or a purchase order's.
 */
export function ClaimsTable({ rows, withOrder = false }: { rows: VendorClaimRow[]; withOrder?: boolean }) {
  return (
    <ScrollTable
      minWidth={withOrder ? 560 : 440}
      head={['Claim', ...(withOrder ? ['Purchase order'] : []), 'Item', 'Quantity', 'Status', 'Opened']}
      rows={rows.map((c) => ({
        key: c._id,
        cells: [
          <Anchor key="n" component={Link} to={recordHref(KINDS.vendor_claim, c._id)} size="sm">
            {c.name}
          </Anchor>,
          ...(withOrder
            ? [
                <Anchor key="po" component={Link} to={recordHref(KINDS.purchase_order, c.purchaseOrder._id)} size="sm">
                  {c.purchaseOrder.name}
                </Anchor>,
              ]
            : []),
          <Text key="i" size="sm">
            {c.item}
          </Text>,
          formatQuantity(c.quantity),
          <ClaimStatusBadge key="s" status={c.status} />,
          formatDate(c.openedOn),
        ],
      }))}
    />
  );
}
