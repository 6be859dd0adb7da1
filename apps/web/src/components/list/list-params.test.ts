import { describe, expect, it } from 'vitest';
import { listStateToQuery, listStateToSearch, readListState, withPageParams } from './list-params';

describe('list state in the URL', () => {
  it('round-trips search, sort, filters and paging', () => {
    const search =
      'q=oak&sort=-name&filter%5Bstatus%5D%5B%5D=active&filter%5Btype%5D%5B%5D=trade&filter%5Btype%5D%5B%5D=retail&cursor=abc&page=3';
    const state = readListState(new URLSearchParams(search), 'name');
    expect(state).toEqual({
      q: 'oak',
      sort: '-name',
      filter: { status: ['active'], type: ['trade', 'retail'] },
      cursor: 'abc',
      page: 3,
    });
    expect(listStateToSearch(state)).toBe(search);
    expect(listStateToSearch(state, false)).toBe(
      'q=oak&sort=-name&filter%5Bstatus%5D%5B%5D=active&filter%5Btype%5D%5B%5D=trade&filter%5Btype%5D%5B%5D=retail',
    );
  });

  it('uses the default sort and page 1 when the URL says nothing', () => {
    expect(readListState(new URLSearchParams(''), 'name')).toEqual({
      q: '',
      sort: 'name',
      filter: {},
      cursor: '',
      page: 1,
    });
  });

  it('sends filters as the API reads them', () => {
    const query = listStateToQuery({ q: '', sort: 'name', filter: { status: ['archived'] }, cursor: '', page: 1 }, 50);
    expect(query).toEqual({ q: undefined, sort: 'name', limit: 50, cursor: undefined, 'filter[status]': ['archived'] });
  });

  it('keeps the page’s own parameters when the list changes', () => {
    const current = new URLSearchParams('view=list&q=oak&filter%5Bstage%5D%5B%5D=new&page=2');
    expect(withPageParams('q=birch&sort=name', current)).toBe('q=birch&sort=name&view=list');
    expect(withPageParams('', current)).toBe('view=list');
  });
});
