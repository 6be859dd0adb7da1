import { KINDS, type Vendor, type VendorRow, vendorInputSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { buildSearchText } from '../../platform/lists/list';
import { defineRecordType } from '../../platform/records/lifecycle';
import { vendors } from './vendors.table';

/** Vendors: who the firm buys from, on what terms, how long they take to deliver. */
export const vendorType = defineRecordType<typeof vendors, typeof vendorInputSchema, Vendor, VendorRow>({
  kind: KINDS.vendor,
  table: vendors,
  input: vendorInputSchema,
  title: (row) => row.name,
  search: {
    title: vendors.name,
    subtitle: sql<string>`concat_ws(' · ', NULLIF(${vendors.contactName}, ''), NULLIF(${vendors.email}, ''),
      NULLIF(${vendors.phone}, ''))`,
    text: vendors.searchText,
  },
  columns: (_db, _actor, input) => ({
    ...input,
    searchText: buildSearchText(
      [
        input.name,
        input.contactName,
        input.email,
        input.website,
        input.accountNumber,
        ...input.addresses.map((a) => `${a.city} ${a.postalCode}`),
      ],
      input.phone ? [input.phone] : [],
    ),
  }),
  list: {
    rowFields: { city: sql<string>`COALESCE(${vendors.addresses}->0->>'city', '')` },
  },
  // What the catalog and purchasing register (vendor items, purchase orders) keeps it from going.
  references: { verb: 'is used by' },
});
