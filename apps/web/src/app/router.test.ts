import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireSession } from './require-session';
import { routes } from './router';

// Every address of the record kinds whose routes come from their declarations (`kindRoutes`).
const PATHS = [
  '/a/payments',
  '/a/payments/new',
  '/a/payments/1',
  '/a/payments/1/logs',
  '/a/credit-memos',
  '/a/credit-memos/new',
  '/a/credit-memos/1',
  '/a/credit-memos/1/logs',
  '/o/returns',
  '/o/returns/new',
  '/o/returns/1',
  '/o/returns/1/logs',
  '/p/vendor-claims',
  '/p/vendor-claims/new',
  '/p/vendor-claims/1',
  '/p/vendor-claims/1/logs',
  '/p/vendors/1/claims',
  '/p/vendor-bills',
  '/p/vendor-bills/new',
  '/p/vendor-bills/1',
  '/p/vendor-bills/1/logs',
  '/a/expenses',
  '/a/expenses/new',
  '/a/expenses/1',
  '/a/expenses/1/logs',
  '/u/customer-jobs/1/expenses',
  '/p/vendors/1/expenses',
  '/p/vendors/1/bills',
  '/p/vendors/1/sync',
  '/a/recurring-invoices',
  '/a/recurring-invoices/new',
  '/a/recurring-invoices/1',
  '/a/recurring-invoices/1/logs',
  '/u/companies/1/accounting',
  '/u/customer-jobs/1/invoices',
  '/u/companies',
  '/u/companies/new',
  '/u/companies/1',
  '/u/companies/1/details',
  '/u/companies/1/files',
  '/u/companies/1/interactions',
  '/u/companies/1/settings',
  '/u/companies/1/logs',
  '/u/customers',
  '/u/customers/new',
  '/u/customers/1',
  '/u/customers/1/details',
  '/u/customers/1/activities',
  '/u/customers/1/interactions',
  '/u/customers/1/files',
  '/u/customers/1/settings',
  '/u/customers/1/logs',
  '/u/ambassadors',
  '/u/ambassadors/new',
  '/u/ambassadors/1',
  '/u/ambassadors/1/details',
  '/u/ambassadors/1/interactions',
  '/u/ambassadors/1/files',
  '/u/ambassadors/1/logs',
  '/u/leads',
  '/u/leads/new',
  '/u/leads/1',
  '/u/leads/1/details',
  '/u/leads/1/interactions',
  '/u/leads/1/files',
  '/u/leads/1/logs',
  '/p/products',
  '/p/products/new',
  '/p/products/1',
  '/p/products/1/details',
  '/p/products/1/variants',
  '/p/products/1/pricing',
  '/p/products/1/reorder',
  '/p/products/1/files',
  '/p/products/1/logs',
  '/p/materials',
  '/p/materials/new',
  '/p/materials/1',
  '/p/materials/1/info',
  '/p/materials/1/files',
  '/p/materials/1/logs',
  '/p/collections',
  '/p/collections/new',
  '/p/collections/1',
  '/p/collections/1/details',
  '/p/collections/1/products',
  '/p/collections/1/logs',
  '/p/vendors',
  '/p/vendors/new',
  '/p/vendors/1',
  '/p/vendors/1/details',
  '/p/vendors/1/items',
  '/p/vendors/1/logs',
  // The importer's documents are under their kind's segment too (spec section 2).
  '/p/importer',
  '/p/importer/1',
  '/p/importer/1/errors',
  '/p/importer/1/logs',
  '/p/importer/product/new',
  '/p/importer/categories/new',
  '/p/importer/product/1',
  '/p/importer/product/1/details',
  '/p/importer/product/1/errors',
  '/p/importer/categories/1/logs',
  // The tags' upload page is the spec's /p/importer/tags, not a document.
  '/p/importer/tags',
  '/p/importer/tags/1',
  // Employees have their own routes; their details tab has the same two addresses.
  '/u/employees/1',
  '/u/employees/1/details',
  '/u/employees/1/customers',
  '/u/employees/1/logs',
  '/u/employees/1/accounting',
  '/u/customer-jobs/1/time',
  // Invoices: voided, never archived; their files and history.
  '/a/invoices',
  '/a/invoices/new',
  '/a/invoices/1',
  '/a/invoices/1/details',
  '/a/invoices/1/files',
  '/a/invoices/1/logs',
  // The emailer's emails: their editor, preview and help are their own tabs.
  '/u/emailer',
  '/u/emailer/new',
  '/u/emailer/1',
  '/u/emailer/1/details',
  '/u/emailer/1/editor',
  '/u/emailer/1/preview',
  '/u/emailer/1/help',
  '/u/emailer/1/logs',
  // Time entries: their list is the timesheet, in the profile's area.
  '/u/profile/timesheet',
  '/u/profile/timesheet/new',
  '/u/profile/timesheet/1',
  '/u/profile/timesheet/1/details',
  '/u/profile/timesheet/1/logs',
];

describe('record kinds’ routes', () => {
  it.each(PATHS)('%s loads a page for each level of the route', async (path) => {
    const matches = matchRoutes(routes, path) ?? [];
    expect(matches.at(-1)?.route.path).not.toBe('*');
    const loaded = matches.filter((m) => typeof m.route.lazy === 'function');
    // A record's page and its tab; or a list or a new page.
    expect(loaded.length).toBe(/\/1(\/|$)/.test(path) ? 2 : 1);
    for (const { route } of loaded) {
      const { Component } = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(typeof Component).toBe('function');
    }
  });

  it('gives no tab the kind does not declare', () => {
    expect(matchRoutes(routes, '/u/ambassadors/1/settings')?.at(-1)?.route.path).toBe('*');
    expect(matchRoutes(routes, '/u/leads/1/activities')?.at(-1)?.route.path).toBe('*');
    expect(matchRoutes(routes, '/p/importer/product/1/files')?.at(-1)?.route.path).toBe('*');
  });

  it('opens the unsubscribe page and the messaging settings at their spec addresses', () => {
    expect(matchRoutes(routes, '/unsubscribe/')?.at(-1)?.route.path).toBe('unsubscribe');
    expect(matchRoutes(routes, '/s/messaging')?.at(-1)?.route.path).toBe('messaging');
    // Outside the signed-in pages: the link works for someone who is not signed in.
    expect(
      matchRoutes(routes, '/unsubscribe')?.some(
        (m) => (m.route.element as { type?: unknown } | undefined)?.type === RequireSession,
      ),
    ).toBe(false);
  });

  it('opens the tags’ upload page at /p/importer/tags, not a document called tags', () => {
    expect(matchRoutes(routes, '/p/importer/tags')?.at(-1)?.route.path).toBe('p/importer/tags');
  });
});
