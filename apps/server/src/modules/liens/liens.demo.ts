import { customerJobInputSchema, lienInputSchema, lienWaiverInputSchema } from '@atelier/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { customers } from '../customers';
import { customerJobs, customerJobType } from '../jobs';
import { lienWaiverType } from './lien-waivers.service';
import { lienType } from './liens.service';

const DAY = 86_400_000;
/** A day counted from today, as YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/**
 * Harbor & Pine's liens: a client's winter home in Florida, where the firm is the prime
 * contractor (its recording deadline runs from the last day it worked there), and the den in
 * Maine, a state the rules file does not cover (its page says so rather than guess).
 */
async function seedLiens(db: Executor) {
  const { owner, actor } = await demoStaff(db, HARBOR_PINE_ID);
  const [customer] = await db.select({ id: customers.id }).from(customers).orderBy(customers.nameKey).limit(1);
  const [den] = await db
    .select({ id: customerJobs.id })
    .from(customerJobs)
    .where(eq(customerJobs.name, 'Built-in bookshelves for the den'))
    .orderBy(asc(customerJobs.createdAt));
  if (!customer || !den) return;
  const winter = await customerJobType.create(
    db,
    actor,
    customerJobInputSchema.parse({
      customer: customer.id,
      name: 'Winter home kitchen in Naples',
      site: { line1: '410 Gulf Shore Blvd N', city: 'Naples', region: 'FL', postalCode: '34102', country: 'US' },
      startDate: day(-80),
      endDate: day(-40),
      budgetRevenueCents: 54_000_00,
      budgetCostCents: 33_500_00,
      manager: owner.id,
      tags: ['Kitchen'],
    }),
  );
  await customerJobType.transition(db, actor, winter._id, 'start');
  const naples = await lienType.create(
    db,
    actor,
    lienInputSchema.parse({
      customerJob: winter._id,
      state: 'FL',
      role: 'prime',
      projectType: 'residential',
      flags: ['single_family', 'owner_occupied'],
      firstFurnishingDate: day(-80),
      lastFurnishingDate: day(-40),
      propertyAddress: '410 Gulf Shore Blvd N, Naples, FL 34102',
      propertyOwner: 'The clients, as on the county record',
      hiringParty: 'The owners (direct contract)',
      responsible: owner.id,
      notes: 'Punch list done; the final invoice is due on receipt.',
    }),
  );
  // The tile setter's waiver for the work it was paid for, asked for before the next draw.
  await lienWaiverType.create(
    db,
    actor,
    lienWaiverInputSchema.parse({
      lien: naples._id,
      direction: 'received',
      condition: 'conditional',
      scope: 'progress',
      party: 'Gulf Coast Tile & Stone',
      amountCents: 6_400_00,
      throughDate: day(-45),
      notes: 'Asked for with the backsplash invoice; the signed copy is to follow.',
    }),
  );
  await lienType.create(
    db,
    actor,
    lienInputSchema.parse({
      customerJob: den.id,
      state: 'ME',
      role: 'prime',
      projectType: 'residential',
      firstFurnishingDate: day(-90),
      lastFurnishingDate: day(-61),
      completionDate: day(-61),
      propertyAddress: '220 Ocean Avenue, South Portland, ME 04106',
      responsible: owner.id,
    }),
  );
}

export const liensDemo: Seed = {
  name: 'demo:liens',
  run: (db) => inScope(db, { firmId: HARBOR_PINE_ID }, (tx) => seedLiens(tx)),
};
