import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSION_CODES,
  can,
  hasCode,
  P,
  PERMISSION_GROUPS,
  permissionKey,
  permissionLabel,
  SETTINGS_CODES,
} from './permissions';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('permission codes', () => {
  it('name every code of spec section 6, each once', () => {
    const spec = [...range(1, 3), ...range(5, 99), 100, ...range(102, 105), ...range(144, 181), 200, 201, 1000];
    expect([...ALL_PERMISSION_CODES].sort((a, b) => a - b)).toEqual(spec);
    expect(new Set(ALL_PERMISSION_CODES).size).toBe(ALL_PERMISSION_CODES.length);
  });

  it('read the ranges as documented', () => {
    expect([P.DELETE_ORDERS, P.MODIFY_ORDERS, P.ORDER_SETTINGS]).toEqual([5, 6, 7]);
    expect([
      P.MODIFY_PURCHASE_ORDERS,
      P.DELETE_PURCHASE_ORDERS,
      P.PURCHASE_ORDER_SETTINGS,
      P.SEND_PURCHASE_ORDERS,
    ]).toEqual([57, 58, 59, 201]);
    expect([P.MODIFY_INVOICES, P.SEND_INVOICES, P.DELETE_INVOICES, P.INVOICE_SETTINGS]).toEqual([60, 61, 62, 63]);
    expect([P.MODIFY_BLOG_POSTS, P.DELETE_BLOG_POSTS, P.BLOG_POST_SETTINGS, P.PUBLISH_BLOG_POSTS]).toEqual([
      178, 179, 180, 181,
    ]);
    expect([P.MODIFY_WAREHOUSES, P.MODIFY_LOGS, P.VIEW_ALL_TASKS, P.MODIFY_SITE_SETTINGS]).toEqual([32, 28, 169, 27]);
  });

  it("use the spec's names", () => {
    expect(permissionKey(6)).toBe('modify-orders');
    expect(permissionKey(48)).toBe('view-importer-documents');
    expect(permissionLabel(83)).toBe('Modify delivery routes');
  });

  it('put every code in exactly one group of the role editor', () => {
    const grouped = PERMISSION_GROUPS.flatMap((g) => g.codes);
    expect([...grouped].sort((a, b) => a - b)).toEqual([...ALL_PERMISSION_CODES].sort((a, b) => a - b));
  });

  it('list the settings codes that show the Settings entry', () => {
    expect([...SETTINGS_CODES].sort((a, b) => a - b)).toEqual([3, 12, 16, 23, 31, 59, 63, 84, 87, 98]);
  });
});

describe('can', () => {
  const user = (...codes: number[][]) => ({ permissions: codes.map((c) => ({ permissions: c })) });

  it('passes when any role holds the code', () => {
    expect(can(user([1, 2], [6]), P.MODIFY_ORDERS)).toBe(true);
    expect(can(user([1, 2]), P.MODIFY_ORDERS)).toBe(false);
    expect(can(null, P.MODIFY_ORDERS)).toBe(false);
  });

  it('lets super admin (100) pass everything except the developer code', () => {
    expect(can(user([100]), P.MODIFY_ORDERS)).toBe(true);
    expect(can(user([100]), P.SEND_PURCHASE_ORDERS)).toBe(true);
    expect(can(user([100]), P.DEVELOPER)).toBe(false);
  });

  it('lets developer (1000) pass everything', () => {
    expect(can(user([1000]), P.DEVELOPER)).toBe(true);
    expect(can(user([1000]), P.MODIFY_LEADS)).toBe(true);
    expect(hasCode([1000], 12345)).toBe(true);
  });
});
