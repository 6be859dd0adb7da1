import { FEATURE_KEYS, type FeatureKey, isSellable, P, type WarehouseInput } from '@atelier/contracts';
import type { Db, Executor } from '../db/client';
import { inScope } from '../db/tenancy';
import { createFirm } from '../modules/firms';
import { STARTER_ROLES } from '../modules/organization';
import { createRole, createUser } from '../modules/users';
import { createWarehouse } from '../modules/warehouses';
import { hashPassword } from '../platform/auth/passwords';
import { notify } from '../platform/notifications/notifications.service';
import { CEDAR_ROW_ID, HARBOR_PINE_ID, type Seed } from '../platform/seeds/seeds';

export { CEDAR_ROW_ID, HARBOR_PINE_ID } from '../platform/seeds/seeds';
export const DEMO_PASSWORD = 'demo-password';

export const DEMO_ROLES = {
  superAdmin: { name: 'Super admin', codes: [P.SUPER_ADMIN] },
  ...STARTER_ROLES,
} as const;

type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  role?: keyof typeof DEMO_ROLES;
  notes: string[];
  title?: string;
  phone?: string;
  hireDate?: string;
  pay?: { rateCents: number; type: 'hourly' | 'salary' };
};

async function seedFirm(
  db: Executor,
  firm: { id: string; name: string; features: FeatureKey[]; website: string; timeZone: string },
  warehouse: Omit<WarehouseInput, 'isDefault'>,
  people: DemoUser[],
  customers: DemoUser[],
  passwordHash: string,
) {
  await createFirm(db, { ...firm, onboarded: true });
  const actor = { firmId: firm.id, userId: null };
  const home = await createWarehouse(db, actor, { ...warehouse, isDefault: true });
  const roleIds = new Map<string, string>();
  for (const [key, role] of Object.entries(DEMO_ROLES)) {
    if (people.some((p) => p.role === key))
      roleIds.set(key, (await createRole(db, actor, { name: role.name, codes: [...role.codes] })).id);
  }
  for (const person of people) {
    const user = await createUser(db, actor, {
      kind: 'staff',
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      passwordHash,
      roleIds: person.role ? [roleIds.get(person.role)!] : [],
      warehouseId: home._id,
      title: person.title,
      phone: person.phone,
      hireDate: person.hireDate,
      pay: person.pay,
    });
    for (const note of person.notes) await notify(db, firm.id, user.id, note, '/u/profile');
  }
  for (const customer of customers) {
    const user = await createUser(db, actor, { kind: 'customer', ...customer, passwordHash });
    for (const note of customer.notes) await notify(db, firm.id, user.id, note);
  }
}

/** The two demo firms of the platform: people, roles, a warehouse, a few notifications each. */
export const platformDemoSeed: Seed = {
  name: 'demo:platform',
  run: async (db: Db) => {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await inScope(db, { firmId: null }, async (tx) => {
      await seedFirm(
        tx,
        {
          id: HARBOR_PINE_ID,
          name: 'Harbor & Pine Interiors',
          features: FEATURE_KEYS.filter(isSellable),
          website: 'https://harborandpine.example',
          timeZone: 'America/New_York',
        },
        {
          name: 'Main warehouse',
          address: { line1: '41 Wharf Street', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' },
        },
        [
          {
            email: 'owner@demo.test',
            title: 'Principal designer',
            phone: '(207) 555-0101',
            hireDate: '2016-03-01',
            pay: { rateCents: 14_500_000, type: 'salary' },
            firstName: 'Olivia',
            lastName: 'Harbor',
            role: 'superAdmin',
            notes: [
              'Welcome to Atelier, Olivia. Your firm is set up with every module.',
              'Sam Reyes joined Harbor & Pine Interiors.',
            ],
          },
          {
            email: 'sales@demo.test',
            title: 'Sales designer',
            phone: '(207) 555-0134',
            hireDate: '2021-06-14',
            pay: { rateCents: 3_400, type: 'hourly' },
            firstName: 'Sam',
            lastName: 'Reyes',
            role: 'sales',
            notes: ['Welcome to Atelier, Sam.', 'Olivia Harbor gave you the Sales role.'],
          },
          {
            email: 'warehouse@demo.test',
            title: 'Warehouse lead',
            phone: '(207) 555-0178',
            hireDate: '2019-09-02',
            pay: { rateCents: 2_850, type: 'hourly' },
            firstName: 'Wes',
            lastName: 'Turner',
            role: 'warehouse',
            notes: ['Welcome to Atelier, Wes.', 'Olivia Harbor gave you the Warehouse role.'],
          },
          {
            email: 'accounting@demo.test',
            title: 'Bookkeeper',
            phone: '(207) 555-0112',
            hireDate: '2022-01-10',
            pay: { rateCents: 6_800_000, type: 'salary' },
            firstName: 'Ada',
            lastName: 'Kim',
            role: 'accounting',
            notes: ['Welcome to Atelier, Ada.', 'Olivia Harbor gave you the Accounting role.'],
          },
        ],
        [
          {
            email: 'customer@demo.test',
            firstName: 'Casey',
            lastName: 'Morgan',
            notes: ['Welcome to the Harbor & Pine Interiors customer portal, Casey.'],
          },
        ],
        passwordHash,
      );
      await seedFirm(
        tx,
        {
          id: CEDAR_ROW_ID,
          name: 'Cedar Row Kitchens',
          features: ['quotes', 'proposals', 'project_management', 'materials', 'mechanic_leins'],
          website: 'https://cedarrow.example',
          timeZone: 'America/Chicago',
        },
        {
          name: 'Cedar Row shop',
          address: { line1: '900 Cedar Row', city: 'Madison', region: 'WI', postalCode: '53703', country: 'US' },
        },
        [
          {
            email: 'owner@cedar.test',
            firstName: 'Cyrus',
            lastName: 'Row',
            role: 'superAdmin',
            notes: ['Welcome to Atelier, Cyrus.'],
          },
        ],
        [],
        passwordHash,
      );
    });
  },
};
