import { type FeatureKey, isSellable } from '@atelier/contracts';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { enterScope } from '../../db/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { badRequest } from '../../platform/http/errors';
import { suggestSlug } from '../../platform/identity/firm-slugs';
import { firms } from '../../platform/identity/firms.table';

export type NewFirm = {
  id?: string;
  name: string;
  features: FeatureKey[];
  website?: string;
  currency?: string;
  timeZone?: string;
  /** Demo and imported firms skip onboarding. */
  onboarded?: boolean;
};

/**
 * Creates a firm and moves the transaction into its scope (no firm can be written from
 * outside itself). `actorId` is whoever is creating it, when known.
 */
export async function createFirm(db: Executor, input: NewFirm, actorId: string | null = null) {
  const unsellable = input.features.filter((key) => !isSellable(key));
  if (unsellable.length > 0) throw badRequest(`These modules cannot be enabled: ${unsellable.join(', ')}.`);
  const id = input.id ?? newId();
  await enterScope(db, { firmId: id, userId: actorId });
  const [firm] = await db
    .insert(firms)
    .values({
      id,
      name: input.name,
      features: input.features,
      website: input.website ?? null,
      currency: input.currency ?? 'USD',
      timeZone: input.timeZone ?? 'UTC',
      onboardedAt: input.onboarded ? new Date() : null,
    })
    .returning();
  // Its first public address, from its name (changed in its settings).
  const slug = await suggestSlug(db, id, input.name);
  await recordAudit(
    db,
    { firmId: id, userId: actorId },
    {
      entityType: 'firm',
      entityId: id,
      action: 'create',
      after: { name: input.name, features: input.features, slug },
    },
  );
  return firm!;
}
