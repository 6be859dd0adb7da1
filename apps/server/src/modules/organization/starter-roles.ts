import { canGrant, P } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { departments, roles } from '../../platform/identity/users.table';
import type { SampleData } from '../../platform/seeds/sample-data';
import { createRole } from '../users';

/** Roles most firms start with; the demo firms have them too, each given to a demo person. */
export const STARTER_ROLES = {
  sales: {
    name: 'Sales',
    codes: [
      P.GENERIC,
      P.MODIFY_ORDERS,
      P.MODIFY_QUOTES,
      P.MODIFY_PROPOSALS,
      P.MODIFY_USERS,
      P.MODIFY_COMPANIES,
      P.MODIFY_LEADS,
    ],
  },
  warehouse: {
    name: 'Warehouse',
    codes: [
      P.GENERIC,
      P.MODIFY_PRODUCTS,
      P.MODIFY_MATERIALS,
      P.MODIFY_VENDORS,
      P.MODIFY_PURCHASE_ORDERS,
      P.MODIFY_SHIPMENTS,
      P.MODIFY_WAREHOUSES,
      P.DELETE_WAREHOUSES,
    ],
  },
  accounting: {
    name: 'Accounting',
    codes: [
      P.GENERIC,
      P.MODIFY_INVOICES,
      P.MODIFY_PAYMENTS,
      P.MODIFY_CREDIT_MEMOS,
      P.MODIFY_EXPENSES,
      P.MODIFY_MECHANIC_LIENS,
      P.VIEW_ANALYTICS,
    ],
  },
} as const;

const STARTER_DEPARTMENTS = ['Design', 'Installation', 'Office'];

/** Onboarding's sample data for roles and departments: the starter roles and three departments. */
export const starterRolesAndDepartments: SampleData = {
  name: 'starter roles and departments',
  load: async (db, actor) => {
    const taken = new Set(
      (await db.select({ name: sql<string>`lower(${roles.name})` }).from(roles)).map((r) => r.name),
    );
    for (const role of Object.values(STARTER_ROLES)) {
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
};
