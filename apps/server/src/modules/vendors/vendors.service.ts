import { KINDS, type Vendor, type VendorRow, vendorInputSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/http/access';
import { buildSearchText } from '../../platform/lists/list';
import { defineRecordType } from '../../platform/records/lifecycle';
import { getSettings } from '../../platform/settings/settings.service';
import { vendors } from './vendors.table';

async function termsOf(
  db: Executor,
  actor: Actor,
  input: { paymentTermsDays?: number | undefined; leadTimeDays?: number | undefined },
  before: { paymentTermsDays: number; leadTimeDays: number } | null,
) {
  const usual =
    before ??
    (input.paymentTermsDays === undefined || input.leadTimeDays === undefined
      ? (await getSettings(db, actor.firmId, { banking: false })).vendorSettings
      : null);
  return {
    paymentTermsDays: input.paymentTermsDays ?? usual!.paymentTermsDays,
    leadTimeDays: input.leadTimeDays ?? usual!.leadTimeDays,
  };
}

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
  columns: async (db, actor, input, before) => ({
    ...input,
    // Left out: kept on an edit; on a new vendor, the firm's usual terms (vendor settings, 31).
    ...(await termsOf(db, actor, input, before)),
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
