import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('CSV export cells', () => {
  it('neutralise formulas: = + - @, tab and carriage return', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@cmd",
      "'\tx",
      `"'\rx"`,
    ]);
  });

  it('quote commas, quotes and line breaks; join arrays', () => {
    expect(csvLine(['Oak, Ash', 'say "hi"', 'a\nb', ['x', 'y'], null, 42])).toBe(
      '"Oak, Ash","say ""hi""","a\nb",x; y,,42\r\n',
    );
  });
});
