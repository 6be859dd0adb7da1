import { NUMBER_FORMATS, type NumberFormat } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { headingKey, matchHeadings } from './headings';
import { parseDecimal, toUnits } from './numbers';

const US = NUMBER_FORMATS['dot-comma'];
const EU = NUMBER_FORMATS['comma-dot'];
const FR = NUMBER_FORMATS['comma-space'];
const CH = NUMBER_FORMATS['dot-apostrophe'];
const cents = (text: string, format: NumberFormat = US) => {
  const parsed = parseDecimal(text, format);
  if (!parsed || 'error' in parsed) return parsed;
  return toUnits(parsed, 2);
};

describe('numbers as a file writes them', () => {
  it('reads each format, with currency, signs, accounting negatives and percents, exactly', () => {
    expect(cents('1,234.56')).toBe(123_456);
    expect(cents('1234.56')).toBe(123_456);
    expect(cents('$1,234.5')).toBe(123_450);
    expect(cents('1.234,56', EU)).toBe(123_456);
    expect(cents('€ 1.234.567,8', EU)).toBe(123_456_780);
    expect(cents('1 234,56', FR)).toBe(123_456);
    expect(cents('1\u202f234,56 EUR', FR)).toBe(123_456);
    expect(cents("1'234.56", CH)).toBe(123_456);
    expect(cents('-12.50')).toBe(-1_250);
    expect(cents('(12.50)')).toBe(-1_250);
    expect(cents('USD -3')).toBe(-300);
    expect(cents('0.005')).toBe(1); // half up
    expect(cents('0.0049')).toBe(0);
    expect(cents('12')).toBe(1_200);
    expect(cents('.5')).toBe(50);
    // No float on the way: 0.1 + 0.2 stays what it says, and large amounts keep every cent.
    expect(cents('0.30')).toBe(30);
    expect(cents('90,071,992,547,409.91')).toBe(9_007_199_254_740_991);
    expect(parseDecimal('12.5%', US)).toEqual({ value: '12.5', negative: false, percent: true });
    expect(parseDecimal('1.2E+05', US)).toEqual({ value: '120000', negative: false, percent: false });
    expect(parseDecimal('1.25E-3', US)).toEqual({ value: '0.00125', negative: false, percent: false });
    expect(parseDecimal('   ', US)).toBeNull();
  });

  it('says how the format writes numbers when a cell does not fit it, never guessing', () => {
    expect(parseDecimal('12,5', US)).toEqual({ error: '“12,5” is not a number written as 1,234.56.' });
    expect(parseDecimal('1.234,56', US)).toEqual({ error: '“1.234,56” is not a number written as 1,234.56.' });
    expect(parseDecimal('1,234.56', EU)).toEqual({ error: '“1,234.56” is not a number written as 1.234,56.' });
    expect(parseDecimal('12,34,567', US)).toEqual({ error: '“12,34,567” is not a number written as 1,234.56.' });
    expect(parseDecimal('twelve', US)).toEqual({ error: '“twelve” is not a number written as 1,234.56.' });
    expect(parseDecimal('$', US)).toEqual({ error: '“$” is not a number written as 1,234.56.' });
    expect(parseDecimal('1E+400000000', US)).toEqual({ error: '“1E+400000000” is too large or too small a number.' });
    // Beyond 2^53 units a number cannot be kept exactly: null, never a rounded amount.
    const huge = parseDecimal('90071992547409.93', US);
    expect(huge && !('error' in huge) ? toUnits(huge, 2) : 'not parsed').toBeNull();
  });
});

describe('headings to fields', () => {
  const fields = [
    { key: 'sku', label: 'SKU', synonyms: ['Item number', 'Part #', 'Vendor SKU'] },
    { key: 'name', label: 'Name', synonyms: ['Product name', 'Title', 'Description short'] },
    { key: 'priceCents', label: 'Price', synonyms: ['Retail price', 'MSRP', 'Sell price'] },
    { key: 'costCents', label: 'Cost', synonyms: ['Unit cost', 'Wholesale'] },
    { key: 'category', label: 'Category', synonyms: ['Category path', 'Type'] },
  ];

  it('compares headings without case, accents, punctuation, or the unit in brackets', () => {
    expect(headingKey('  Prix (€)  ')).toBe('prix');
    expect(headingKey('Part #')).toBe('part');
    expect(headingKey('Crème-Brûlée_Name')).toBe('creme brulee name');
  });

  it('matches labels (an export maps back), keys and other names; each field once; the rest left to choose', () => {
    expect(
      matchHeadings(
        ['Item Number', 'TITLE', 'Retail Price (USD)', 'unit_cost', 'Notes', 'Price', 'price cents'],
        fields,
      ),
    ).toEqual(['sku', 'name', 'priceCents', 'costCents', null, null, null]);
    expect(matchHeadings(['SKU', 'Name', 'Price', 'Cost', 'Category'], fields)).toEqual([
      'sku',
      'name',
      'priceCents',
      'costCents',
      'category',
    ]);
    expect(matchHeadings(['priceCents'], fields)).toEqual(['priceCents']);
    // A field's own label wins over another field's other name.
    const titled = [...fields, { key: 'title', label: 'Title' }];
    expect(matchHeadings(['Title', 'Product name'], titled)).toEqual(['title', 'name']);
  });
});
