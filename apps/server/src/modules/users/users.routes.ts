import { personRefSchema } from '@atelier/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SIGNED_IN } from '../../platform/http/access';
import { forbidden } from '../../platform/http/errors';
import { defineRoute } from '../../platform/http/routes';
import { users } from '../../platform/identity/users.table';

export const userRoutes = [
  // Active staff by name, for "assigned to" pickers on any record a staff member can edit.
  defineRoute({
    method: 'GET',
    url: '/people',
    access: SIGNED_IN,
    response: z.array(personRefSchema),
    handler: async ({ db, actor }) => {
      if (actor.kind !== 'staff') throw forbidden();
      return db
        .select({ _id: users.id, name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
        .from(users)
        .where(
          and(
            eq(users.kind, 'staff'),
            eq(users.active, true),
            isNull(users.deletedAt),
            sql`${users.passwordHash} IS NOT NULL`,
          ),
        )
        .orderBy(asc(users.firstName), asc(users.lastName));
    },
  }),
];
