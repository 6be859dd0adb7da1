import type { Profile, ProfileRole } from '@atelier/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import type { Actor } from '../http/access';
import { notFound } from '../http/errors';
import { recentSearchList } from '../search/search.service';
import { subscriptionList } from '../subscriptions/subscriptions.service';
import { firms } from './firms.table';
import { roles, userRoles, users } from './users.table';

type ProfileActor = Pick<Actor, 'firmId' | 'userId' | 'impersonatorId'>;

/** The signed-in user as the web app keeps it (spec section 3), in one query. */
export async function getProfile(db: Executor, actor: ProfileActor): Promise<Profile> {
  const [row] = await db
    .select({
      user: users,
      firm: {
        id: firms.id,
        name: firms.name,
        features: firms.features,
        onboardedAt: firms.onboardedAt,
        timeZone: firms.timeZone,
      },
      roles: sql<ProfileRole[]>`COALESCE(
        (SELECT json_agg(json_build_object('_id', r.id, 'name', r.name, 'permissions', r.codes) ORDER BY r.name)
         FROM ${userRoles} ur JOIN ${roles} r ON r.id = ur.role_id WHERE ur.user_id = ${qualified(users.id)}),
        '[]'::json)`,
    })
    .from(users)
    .innerJoin(firms, eq(firms.id, users.firmId))
    .where(and(eq(users.id, actor.userId), isNull(users.deletedAt)));
  if (!row) throw notFound('Your account no longer exists.');
  const { user, firm } = row;

  let impersonator: Profile['impersonator'] = null;
  if (actor.impersonatorId) {
    const [staff] = await db
      .select({ _id: users.id, first_name: users.firstName, last_name: users.lastName })
      .from(users)
      .where(eq(users.id, actor.impersonatorId));
    impersonator = staff ?? null;
  }

  return {
    _id: user.id,
    kind: user.kind,
    email: user.email ?? '',
    first_name: user.firstName,
    last_name: user.lastName,
    image: user.image,
    permissions: row.roles,
    fields: user.fields,
    list_settings: user.listSettings as Profile['list_settings'],
    kanban: user.kanban,
    warehouse: user.warehouseId,
    currentTask: user.currentTask ?? null,
    clocked_in: user.clockedIn,
    clocked_in_since: user.clockedInAt?.toISOString() ?? null,
    subscriptions: await subscriptionList(db, actor),
    searches: { general: await recentSearchList(db, actor) },
    firm: {
      _id: firm.id,
      name: firm.name,
      features: firm.features,
      onboarded: Boolean(firm.onboardedAt),
      timeZone: firm.timeZone,
    },
    impersonator,
  };
}
