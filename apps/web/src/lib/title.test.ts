import { describe, expect, it } from 'vitest';
import { pageTitle } from './title';

describe('pageTitle', () => {
  it('is the product name plus the route name, dashes as spaces, first letter capitalised', () => {
    expect(pageTitle('/o/purchase-orders')).toBe('Atelier Purchase orders');
    expect(pageTitle('/u/profile')).toBe('Atelier Profile');
    expect(pageTitle('/u/companies/019a/files')).toBe('Atelier Companies');
    expect(pageTitle('/reset-password')).toBe('Atelier Reset password');
  });

  it('is "Atelier Design Software" without a route name', () => {
    expect(pageTitle('/')).toBe('Atelier Design Software');
    expect(pageTitle('/u')).toBe('Atelier Design Software');
  });
});
