import { describe, expect, it } from 'vitest';
import { parseQueryString } from './querystring';

describe('parseQueryString', () => {
  it('reads repeated bracketed keys as arrays, and one level of grouping', () => {
    expect(
      parseQueryString(
        'q=oak&sort=-name&filter[status][]=active&filter[status][]=archived&filter[type][]=trade&limit=50',
      ),
    ).toEqual({
      q: 'oak',
      sort: '-name',
      filter: { status: ['active', 'archived'], type: ['trade'] },
      limit: '50',
    });
    expect(parseQueryString('ids[]=a&ids[]=b&x=1')).toEqual({ ids: ['a', 'b'], x: '1' });
    expect(parseQueryString('filter%5Bstatus%5D%5B%5D=active')).toEqual({ filter: { status: ['active'] } });
    expect(parseQueryString('a[b][c]=1')).toEqual({ 'a[b][c]': '1' });
  });
});
