import { accountingMappingInputSchema, calendarAddDays } from '@atelier/contracts';
import { inScope } from '../../db/tenancy';
import { firmToday } from '../../platform/identity/firm-clock';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { runExport } from './export.service';
import { putMapping } from './mapping.service';

/**
 * The firm keeps its books in QuickBooks Desktop, with a few accounts of its own (product sales
 * apart from design and installation, card payments in their own clearing account), and exported
 * everything up to the end of last month: this month's documents wait for the next export.
 */
export const accountingDemo: Seed = {
  name: 'demo:accounting',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      await putMapping(
        tx,
        actor,
        accountingMappingInputSchema.parse({
          system: 'quickbooks',
          accounts: [
            { role: 'sales_income', key: 'products', account: 'Sales:Product Sales' },
            { role: 'sales_income', key: 'materials', account: 'Sales:Product Sales' },
            { role: 'sales_income', key: 'services', account: 'Sales:Design and Installation' },
            { role: 'undeposited_funds', key: 'card', account: 'Card Clearing' },
          ],
        }),
      );
      const today = await firmToday(tx, HARBOR_PINE_ID);
      const to = calendarAddDays(`${today.slice(0, 7)}-01`, -1);
      // A refusal's log is written in this transaction too: the seed fails, saying why.
      await runExport(tx, (fn) => fn(tx), actor, {
        adapter: 'quickbooks_iif',
        from: calendarAddDays(to, -365),
        to,
      });
    }),
};
