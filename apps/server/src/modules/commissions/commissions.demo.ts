import { commissionPayoutSchema } from '@atelier/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { moneyAccounts } from '../expenses';
import { invoices } from '../invoices';
import { payOutCommissions, settleCommissions } from './commissions.service';
import { commissions } from './commissions.table';

/**
 * Harbor & Pine's commissions, as the invoices paid so far earned them (the invoices seeded
 * before this module was installed are settled here; settling twice changes nothing); the
 * ambassador who earned the most is paid out from the operating account, the rest stay owed.
 */
async function seedCommissions(db: Executor) {
  const paid = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.status, 'paid'));
  await settleCommissions(
    db,
    paid.map((i) => i.id),
  );
  const [top] = await db
    .select({ ambassador: commissions.ambassadorId, n: sql<number>`count(*)::int` })
    .from(commissions)
    .where(eq(commissions.status, 'owed'))
    .groupBy(commissions.ambassadorId)
    .orderBy(sql`count(*) DESC`, asc(commissions.ambassadorId))
    .limit(1);
  const [account] = await db
    .select({ id: moneyAccounts.id })
    .from(moneyAccounts)
    .where(eq(moneyAccounts.type, 'bank'))
    .limit(1);
  if (!top || !account) return;
  const { actor } = await demoStaff(db, HARBOR_PINE_ID);
  await payOutCommissions(
    db,
    actor,
    commissionPayoutSchema.parse({ ambassador: top.ambassador, paidFrom: account.id, reference: 'Transfer 7731' }),
  );
}

export const commissionsDemo: Seed = {
  name: 'demo:commissions',
  run: (db) => inScope(db, { firmId: HARBOR_PINE_ID }, (tx) => seedCommissions(tx)),
};
