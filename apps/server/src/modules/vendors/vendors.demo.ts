import { vendorInputSchema } from '@atelier/contracts';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
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
      for (const [i, [name, contactName, city, region, postalCode, terms, lead, tags]] of VENDORS.entries()) {
        const slug = name.toLowerCase().replace(/[^a-z]+/g, '');
        await vendorType.create(
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
      }
    }),
};
