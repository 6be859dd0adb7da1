import { describe, expect, it } from 'vitest';
import { FEATURE_KEYS, FEATURES, isSellable, monthlyTotalCents, SELLABLE_FEATURE_KEYS } from './features';

describe('feature modules', () => {
  it('carry the monthly prices of spec section 6, in cents', () => {
    const dollars = Object.fromEntries(FEATURE_KEYS.map((k) => [k, FEATURES[k].monthlyPriceCents / 100]));
    expect(dollars).toEqual({
      lead_management: 3,
      wholesale: 5,
      project_management: 2,
      delivery_management: 3,
      messaging: 1,
      product_store: 10,
      product_store_gallery: 0,
      proposals: 0,
      quotes: 0,
      social_media: 2,
      showroom: 5,
      portfolio: 1,
      mechanic_leins: 0,
      materials: 0,
      blog: 4,
      invoicing: -8,
    });
  });

  it('never sell invoicing, whose price is negative', () => {
    expect(isSellable('invoicing')).toBe(false);
    expect(SELLABLE_FEATURE_KEYS).not.toContain('invoicing');
    expect(SELLABLE_FEATURE_KEYS).toHaveLength(15);
  });

  it('total the enabled, sellable modules', () => {
    expect(monthlyTotalCents(['lead_management', 'product_store', 'quotes'])).toBe(1300);
    expect(monthlyTotalCents(['invoicing', 'blog'])).toBe(400);
    expect(monthlyTotalCents(SELLABLE_FEATURE_KEYS)).toBe(3600);
  });
});
