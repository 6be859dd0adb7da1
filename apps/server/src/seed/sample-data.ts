import { canGrant } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { createRole } from '../modules/users';
import type { Actor } from '../platform/http/access';
import { departments, roles } from '../platform/identity/users.table';
import { DEMO_ROLES } from './demo';

/**
 * Sample data a new firm may load at the end of onboarding, so its people can try things
 * without typing everything first. Each module appends what it has (accounts, customers,
 * products…); each step skips what the firm already has.
 */
export type SampleData = { name: string; load: (db: Executor, actor: Actor) => Promise<void> };

const STARTER_DEPARTMENTS = ['Design', 'Installation', 'Office'];

export const SAMPLE_DATA: SampleData[] = [
  {
    name: 'starter roles and departments',
    load: async (db, actor) => {
      const taken = new Set(
        (await db.select({ name: sql<string>`lower(${roles.name})` }).from(roles)).map((r) => r.name),
      );
      for (const role of [DEMO_ROLES.sales, DEMO_ROLES.warehouse, DEMO_ROLES.accounting]) {
        // Only roles the person finishing onboarding could have made by hand.
        const grantable = role.codes.every((code) => canGrant(actor.codes, code));
        if (grantable && !taken.has(role.name.toLowerCase())) {
          await createRole(db, actor, { name: role.name, codes: [...role.codes] });
        }
      }
      await db
        .insert(departments)
        .values(STARTER_DEPARTMENTS.map((name) => ({ firmId: actor.firmId, name })))
        .onConflictDoNothing();
    },
  },
];
