import { customerJobInputSchema, type JobTransition } from '@atelier/contracts';
import type { Executor } from '../../db/client';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { customers } from '../customers';
import { customerJobType } from './jobs.service';

const DAY = 86_400_000;
/** A day counted from today, as YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** Three customers' jobs, one at each stage of a remodel, and the showroom's own refit. */
async function seedJobs(db: Executor) {
  const { staff, owner, actor } = await demoStaff(db, HARBOR_PINE_ID);
  const sales = staff.find((s) => s.email === 'sales@demo.test') ?? owner;
  const people = (await db.select({ id: customers.id }).from(customers).orderBy(customers.nameKey).limit(3)).map(
    (c) => c.id,
  );
  if (people.length < 3) return;
  const jobs: [Record<string, unknown>, JobTransition[]][] = [
    [
      {
        customer: people[0],
        name: 'Kitchen remodel with an island',
        site: { line1: '14 Danforth Street', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' },
        startDate: day(-40),
        endDate: day(20),
        budgetRevenueCents: 68_500_00,
        budgetCostCents: 41_200_00,
        budgetHours: 320,
        manager: owner.id,
        crew: [sales.id],
        tags: ['Kitchen'],
        notes: 'Cabinets from the spring catalog; the client chose walnut for the island.',
      },
      ['start'],
    ],
    [
      {
        customer: people[1],
        name: 'Primary bath refresh',
        site: { line1: '5 Vesper Street', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' },
        startDate: day(14),
        endDate: day(35),
        budgetRevenueCents: 18_900_00,
        budgetCostCents: 11_300_00,
        budgetHours: 96,
        manager: sales.id,
        tags: ['Bath'],
      },
      ['schedule'],
    ],
    [
      {
        customer: people[2],
        name: 'Built-in bookshelves for the den',
        site: { line1: '220 Ocean Avenue', city: 'South Portland', region: 'ME', postalCode: '04106', country: 'US' },
        startDate: day(-90),
        endDate: day(-61),
        budgetRevenueCents: 9_400_00,
        budgetCostCents: 5_100_00,
        budgetHours: 60,
        manager: owner.id,
      },
      ['start', 'complete'],
    ],
  ];
  for (const [input, steps] of jobs) {
    const job = await customerJobType.create(db, actor, customerJobInputSchema.parse(input));
    for (const step of steps) await customerJobType.transition(db, actor, job._id, step);
  }
  const refit = await customerJobType.create(
    db,
    actor,
    customerJobInputSchema.parse({
      name: 'Showroom refit: new kitchen vignette',
      site: { line1: '41 Fore Street', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' },
      startDate: day(7),
      endDate: day(21),
      budgetCostCents: 12_000_00,
      budgetHours: 80,
      manager: owner.id,
      tags: ['Showroom'],
      notes: 'Replace the 2019 display with the walnut and brass kitchen.',
    }),
  );
  await customerJobType.transition(db, actor, refit._id, 'schedule');
}

/** Harbor & Pine's jobs (Cedar Row has none yet). */
export const jobsDemoSeed: Seed = {
  name: 'demo:jobs',
  run: async (db) => {
    await inScope(db, { firmId: HARBOR_PINE_ID }, (tx) => seedJobs(tx));
  },
};
