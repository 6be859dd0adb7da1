import type { Onboarding } from '@atelier/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { conflict } from '../../platform/http/errors';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';
import { loadSampleData } from '../../platform/seeds/sample-data';
import { warehouses } from '../warehouses';

/** Where a new firm stands: each step is read from the data, not from a checklist. */
export async function getOnboarding(db: Executor, firmId: string): Promise<Onboarding> {
  const [row] = await db
    .select({
      onboardedAt: firms.onboardedAt,
      named: sql<boolean>`${firms.name} <> ''`,
      modules: sql<boolean>`cardinality(${firms.features}) > 0`,
      warehouse: sql<boolean>`EXISTS (SELECT 1 FROM ${warehouses} w WHERE w.firm_id = ${qualified(firms.id)} AND w.archived_at IS NULL)`,
      team: sql<boolean>`(SELECT count(*) FROM ${users} u WHERE u.firm_id = ${qualified(firms.id)} AND u.kind = 'staff' AND u.deleted_at IS NULL) > 1`,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return {
    onboarded: Boolean(row?.onboardedAt),
    steps: {
      firm: Boolean(row?.named),
      modules: Boolean(row?.modules),
      warehouse: Boolean(row?.warehouse),
      team: Boolean(row?.team),
    },
  };
}

/** POST /onboarding/complete: optionally loads sample data, then stops sending people to onboarding. */
export async function completeOnboarding(db: Executor, actor: Actor, sampleData: boolean): Promise<Onboarding> {
  // First, so a second click (or a second tab) finds it done instead of loading samples twice.
  const done = await db
    .update(firms)
    .set({ onboardedAt: sql`now()` })
    .where(and(eq(firms.id, actor.firmId), isNull(firms.onboardedAt)))
    .returning({ id: firms.id });
  if (done.length === 0) throw conflict('Your firm has already finished onboarding.');
  if (sampleData) await loadSampleData(db, actor);
  await recordAudit(db, actor, {
    entityType: 'firm',
    entityId: actor.firmId,
    action: 'complete-onboarding',
    after: { sampleData },
  });
  return getOnboarding(db, actor.firmId);
}
