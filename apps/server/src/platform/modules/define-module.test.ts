import { describe, expect, it } from 'vitest';
import { MODULES } from '../../app';
import { DEMO_SEEDS } from '../../seed/demo-seeds';
import { installSettings, settingsCheck, settingsReferences } from '../settings/settings-references';
import { checkModules, defineModule } from './define-module';

describe('module manifests', () => {
  it('the app starts from its manifests: kinds, routes, jobs and seeds each declared once', () => {
    expect(() => checkModules(MODULES)).not.toThrow();
    // The demo data come from the manifests, in their order, under the names databases recorded.
    // The catalog's come after what they refer to: products sit in categories, vendors sell products and materials.
    expect(DEMO_SEEDS.map((s) => s.name)).toEqual([
      'demo:platform',
      'demo:records',
      'demo:leads',
      'demo:jobs',
      'demo:tasks',
      'demo:time',
      'demo:categories',
      'demo:filters',
      'demo:products',
      'demo:product-templates',
      'demo:materials',
      'demo:vendors',
      'demo:coupons',
      'demo:collections',
      'demo:stock',
      'demo:purchasing',
      // Company pricing before the orders and quotes priced with it.
      'demo:wholesale',
      'demo:orders',
      'demo:quotes',
      'demo:change-orders',
      'demo:proposals',
      'demo:invoices',
      'demo:expenses',
      'demo:commissions',
      'demo:deliveries',
      'demo:returns',
      // A driver's calendar feed, once the routes he drives are there.
      'demo:calendar',
      'demo:payables',
      'demo:liens',
      'demo:store-favorites',
      'demo:store-portal',
      'demo:emailer',
      // Last: what every module before it put in the books, exported.
      'demo:accounting',
    ]);
    // Settings checks the modules gave: the warehouses module's field, the leads module's group.
    expect(settingsReferences().has('warehouse')).toBe(true);
    expect(settingsCheck('leadSettings')).toBeTypeOf('function');
    expect(settingsCheck('companySettings')).toBeTypeOf('function');
  });

  it('refuses a route, job or seed declared by two modules, naming both', () => {
    const [leads] = MODULES.filter((m) => m.name === 'leads');
    const copy = defineModule({ ...leads!, name: 'copy' });
    expect(() => checkModules([...MODULES, defineModule({ name: 'copy', routes: [leads!.routes[0]!] })])).toThrow(
      /route .* is declared by both leads and copy/,
    );
    expect(() => checkModules([...MODULES, defineModule({ name: 'copy', routes: [], jobs: leads!.jobs })])).toThrow(
      /job .* is declared by both leads and copy/,
    );
    expect(() => checkModules([...MODULES, defineModule({ name: 'copy', routes: [], seeds: leads!.seeds })])).toThrow(
      'seed demo:leads is declared by both leads and copy',
    );
    expect(() => checkModules([...MODULES, copy])).toThrow(/kind lead is declared by both leads and copy/);
  });

  it('refuses a settings group or field a second module wants to check', () => {
    expect(() => installSettings('copy', { checks: { leadSettings: async () => {} } })).toThrow(
      'copy: the settings group leadSettings is already checked by another module',
    );
    expect(() =>
      installSettings('copy', { references: { warehouse: { message: 'x', exists: async () => true } } }),
    ).toThrow('copy: the settings field warehouse is already checked by another module');
  });
});
