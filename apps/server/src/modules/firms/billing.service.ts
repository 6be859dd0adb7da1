import {
  type Billing,
  FEATURE_KEYS,
  FEATURES,
  type FeatureKey,
  isSellable,
  monthlyTotalCents,
} from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { firms } from '../../platform/identity/firms.table';

export async function getBilling(db: Executor, firmId: string): Promise<Billing> {
  const [firm] = await db.select({ features: firms.features }).from(firms).where(eq(firms.id, firmId));
  const features = firm?.features ?? [];
  return {
    features,
    modules: FEATURE_KEYS.map((key) => ({
      key,
      label: FEATURES[key].label,
      description: FEATURES[key].description,
      monthlyPriceCents: FEATURES[key].monthlyPriceCents,
      enabled: features.includes(key),
      available: isSellable(key),
    })),
    monthlyTotalCents: monthlyTotalCents(features),
  };
}

/** PUT /billing/features: takes effect on the next request; a disabled module's routes answer 403. */
export async function setFeatures(db: Executor, actor: Actor, wanted: FeatureKey[]): Promise<Billing> {
  const unsold = wanted.filter((key) => !isSellable(key));
  if (unsold.length) {
    const message = `${unsold.map((k) => FEATURES[k].label).join(', ')} cannot be enabled.`;
    throw badRequest(message, { features: message });
  }
  const features = FEATURE_KEYS.filter((key) => wanted.includes(key));
  const [before] = await db
    .select({ features: firms.features })
    .from(firms)
    .where(eq(firms.id, actor.firmId))
    .for('update');
  await db
    .update(firms)
    .set({ features, version: sql`${firms.version} + 1`, updatedAt: sql`now()` })
    .where(eq(firms.id, actor.firmId));
  await recordAudit(db, actor, {
    entityType: 'firm',
    entityId: actor.firmId,
    action: 'update',
    before,
    after: { features },
  });
  return getBilling(db, actor.firmId);
}
