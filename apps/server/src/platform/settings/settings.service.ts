import {
  DEFAULT_LOGO,
  type FirmSettingsInput,
  SETTINGS_GROUP_NAMES,
  SETTINGS_GROUPS,
  type Settings,
  type SettingsGroup,
  type SettingsValues,
} from '@atelier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { recordAudit } from '../audit/audit.service';
import { assertOwnFileUrl } from '../files/files.service';
import type { Actor } from '../http/access';
import { badRequest } from '../http/errors';
import { claimSlug, currentSlug } from '../identity/firm-slugs';
import { firmSlugs, firms } from '../identity/firms.table';
import { settings } from './settings.table';
import { settingsCheck, settingsReferences } from './settings-references';

type Stored = Record<string, Record<string, unknown>>;

/** The firm row's own fields; firmSettings keeps only the rest (accounting, banking, payments) in `settings`. */
const FIRM_COLUMNS = ['name', 'logo', 'website', 'currency', 'timeZone'] as const;

const NO_BANKING = { bankName: '', accountName: '', accountNumber: '', routingNumber: '' };

/**
 * One group of the firm's settings (not firmSettings, which is partly the firm row), stored values
 * over defaults: for a module that reads its own (the task board's columns).
 */
export async function getSettingsGroup<G extends Exclude<SettingsGroup, 'firmSettings'>>(
  db: Executor,
  firmId: string,
  group: G,
): Promise<SettingsValues<G>> {
  const [row] = await db
    .select({ data: settings.data })
    .from(settings)
    .where(and(eq(settings.firmId, firmId), eq(settings.group, group)));
  return { ...SETTINGS_GROUPS[group].defaults, ...row?.data } as SettingsValues<G>;
}

/**
 * GET /settings/: every group, stored values over defaults, in one query. The firm's bank
 * account is only shown to those who may edit firm settings (81).
 */
export async function getSettings(
  db: Executor,
  firmId: string,
  options: { banking: boolean } = { banking: true },
): Promise<Settings> {
  const [row] = await db
    .select({
      firm: {
        name: firms.name,
        logo: firms.logo,
        website: firms.website,
        currency: firms.currency,
        timeZone: firms.timeZone,
        features: firms.features,
      },
      stored: sql<Stored>`COALESCE((SELECT json_object_agg(s."group", s.data) FROM ${settings} s WHERE s.firm_id = ${qualified(firms.id)}), '{}'::json)`,
      slug: sql<
        string | null
      >`(SELECT f.slug FROM ${firmSlugs} f WHERE f.firm_id = ${qualified(firms.id)} AND f.current)`,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  if (!row) throw new Error('firm not in scope');
  const result: Record<string, unknown> = {};
  for (const group of SETTINGS_GROUP_NAMES) {
    result[group] = { ...SETTINGS_GROUPS[group].defaults, ...row.stored[group] };
  }
  result.firmSettings = {
    ...(result.firmSettings as object),
    ...row.firm,
    logo: row.firm.logo ?? DEFAULT_LOGO,
    website: row.firm.website ?? '',
    slug: row.slug,
    ...(options.banking ? {} : { banking: NO_BANKING }),
  };
  return result as Settings;
}

/** Checks that ids inside settings point at this firm's records; a foreign or unknown id reads as "choose from the list". */
async function checkReferences(
  db: Executor,
  firmId: string,
  group: SettingsGroup,
  values: Record<string, unknown>,
  merged: Record<string, unknown>,
) {
  // Fields naming a module's records (`warehouse`): the module's manifest says how to check them.
  for (const [field, reference] of settingsReferences()) {
    if (field in values && values[field] && !(await reference.exists(db, firmId, String(values[field]))))
      throw badRequest(reference.message, { [field]: reference.message });
  }
  // What only the group's module understands (its manifest's settings checks).
  await settingsCheck(group)?.(db, firmId, values, merged);
  if (group === 'firmSettings' && values.logo && values.logo !== DEFAULT_LOGO) {
    await assertOwnFileUrl(db, String(values.logo), 'logo', 'Upload the logo again.');
  }
}

async function saveFirmSettings(db: Executor, actor: Actor, input: FirmSettingsInput) {
  const [before] = await db.select().from(firms).where(eq(firms.id, actor.firmId)).for('update');
  const logo = input.logo === DEFAULT_LOGO ? null : input.logo;
  const slugBefore = await currentSlug(db, actor.firmId);
  if (input.slug) await claimSlug(db, actor.firmId, input.slug);
  else if (slugBefore)
    throw badRequest('Your store and links need an address: change it rather than remove it.', {
      slug: 'Change the address rather than remove it.',
    });
  await db
    .update(firms)
    .set({
      name: input.name,
      logo,
      website: input.website || null,
      currency: input.currency,
      timeZone: input.timeZone,
      version: sql`${firms.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(firms.id, actor.firmId));
  const pick = (f: typeof before) => f && Object.fromEntries(FIRM_COLUMNS.map((c) => [c, f[c]]));
  await recordAudit(db, actor, {
    entityType: 'firm',
    entityId: actor.firmId,
    action: 'update',
    before: { ...pick(before), slug: slugBefore },
    after: {
      slug: input.slug,
      name: input.name,
      logo,
      website: input.website || null,
      currency: input.currency,
      timeZone: input.timeZone,
    },
  });
  const { accounting, banking, payments } = input;
  return { accounting, banking, payments };
}

/**
 * PUT /settings/{group}: the fields sent (validated by the group's schema in the route) over the
 * stored ones, so two people saving different parts of a group at once keep both changes.
 */
export async function saveSettings(db: Executor, actor: Actor, group: SettingsGroup, changes: Record<string, unknown>) {
  const { features: _features, ...current } = (await getSettings(db, actor.firmId))[group] as Record<string, unknown>;
  const values = { ...current, ...changes };
  await checkReferences(db, actor.firmId, group, changes, values);
  const data = group === 'firmSettings' ? await saveFirmSettings(db, actor, values as FirmSettingsInput) : values;
  const [before] = await db
    .select({ data: settings.data })
    .from(settings)
    .where(and(eq(settings.firmId, actor.firmId), eq(settings.group, group)));
  await db
    .insert(settings)
    .values({ firmId: actor.firmId, group, data })
    .onConflictDoUpdate({
      target: [settings.firmId, settings.group],
      set: { data, version: sql`${settings.version} + 1`, updatedAt: sql`now()` },
    });
  const prefixed = (o: Record<string, unknown> | undefined) =>
    o && Object.fromEntries(Object.entries(o).map(([k, v]) => [`${group}.${k}`, v]));
  await recordAudit(db, actor, {
    entityType: 'settings',
    entityId: actor.firmId,
    action: 'update',
    before: prefixed(before?.data ?? (SETTINGS_GROUPS[group].defaults as Record<string, unknown>)),
    after: prefixed(data),
  });
  return (await getSettings(db, actor.firmId))[group];
}
