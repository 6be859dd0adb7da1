import { vendorInputSchema, vendorItemInputSchema } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { materials } from '../materials';
import { products, productVariants } from '../products';
import { createVendorItem } from './vendor-items.service';
import { vendorType } from './vendors.service';

// name, contact, city, region, postal code, terms, lead time, tags
const VENDORS: [string, string, string, string, string, number, number, string[]][] = [
  ['Northwoods Cabinetry', 'Dana Whitfield', 'Bangor', 'ME', '04401', 30, 28, ['cabinets']],
  ['Granite State Stone Supply', 'Luis Ortega', 'Manchester', 'NH', '03101', 30, 14, ['countertops', 'stone']],
  ['Bayline Tile Distributors', 'Kim Nguyen', 'Portland', 'ME', '04101', 45, 10, ['tile']],
  ['Pemberton Hardware Co.', 'Ray Pemberton', 'Worcester', 'MA', '01608', 30, 7, ['hardware']],
  ['Luma Lighting Wholesale', 'Sofia Marchetti', 'Providence', 'RI', '02903', 60, 21, ['lighting']],
  ['Keel & Cove Plumbing Supply', 'Owen Brady', 'Portsmouth', 'NH', '03801', 30, 10, ['plumbing']],
  ['Atlantic Plywood & Panel', 'Grace Holloway', 'Lewiston', 'ME', '04240', 15, 5, ['materials']],
  ['Coastal Quartz Fabrication', 'Arjun Mehta', 'South Portland', 'ME', '04106', 30, 12, ['countertops']],
];

/** The demo firm's suppliers, one for each part of its catalog. */
export const vendorsDemo: Seed = {
  name: 'demo:vendors',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const ids = new Map<string, string>();
      for (const [i, [name, contactName, city, region, postalCode, terms, lead, tags]] of VENDORS.entries()) {
        const slug = name.toLowerCase().replace(/[^a-z]+/g, '');
        const vendor = await vendorType.create(
          tx,
          actor,
          vendorInputSchema.parse({
            name,
            contactName,
            email: `orders@${slug}.example`,
            phone: `(207) 555-${String(1200 + i * 37).padStart(4, '0')}`,
            website: `https://${slug}.example`,
            addresses: [{ kind: 'billing', line1: `${40 + i * 13} Commerce Way`, city, region, postalCode }],
            accountNumber: `HP-${String(1040 + i * 7)}`,
            paymentTermsDays: terms,
            leadTimeDays: lead,
            tags,
          }),
        );
        ids.set(tags[0]!, vendor._id);
      }
      // Who sells the firm what: the vendor of each part of the catalog, at the product's cost.
      const item = (
        vendor: string,
        what: { product?: string; variant?: string; material?: string },
        sku: string,
        cost: number,
      ) =>
        createVendorItem(
          tx,
          actor,
          vendorItemInputSchema.parse({
            vendor: ids.get(vendor),
            ...what,
            vendorSku: `V-${sku}`,
            costCents: cost,
            preferred: true,
          }),
        );
      const VENDOR_OF: Record<string, string> = {
        cabinets: 'cabinets',
        countertops: 'countertops',
        tile: 'tile',
        hardware: 'hardware',
        lighting: 'lighting',
        plumbing: 'plumbing',
      };
      for (const p of await tx.select().from(products)) {
        const vendor = VENDOR_OF[p.tags[0] ?? ''];
        if (!vendor) continue;
        const variants = await tx.select().from(productVariants).where(eq(productVariants.productId, p.id));
        if (variants.length === 0) await item(vendor, { product: p.id }, p.sku, p.costHc / 100);
        // The made-to-order cabinet is bought by variant: its cost rises with the width.
        for (const v of variants)
          await item(vendor, { variant: v.id }, v.sku, Math.round((v.priceCents ?? p.priceCents) * 0.52));
      }
      for (const m of await tx.select().from(materials))
        await item(m.tags[0] === 'stone' ? 'countertops' : 'materials', { material: m.id }, m.sku, m.costHc / 100);
    }),
};
