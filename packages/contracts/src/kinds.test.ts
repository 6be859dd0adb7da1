import { describe, expect, it } from 'vitest';
import { KINDS, kindOf, RECORD_KINDS } from './kinds';
import { NAVIGATION, PROFILE_AREA_PAGES, PROFILE_MENU_PAGES } from './navigation';
import { SEARCH_CATEGORIES } from './search-categories';

describe('record kind declarations', () => {
  const navEntries = NAVIGATION.flatMap((group) => group.routes);

  it.each(RECORD_KINDS)(
    '$key: its page is the navigation entry the spec gives, with the same code and module',
    (kind) => {
      const entry = navEntries.find((route) => route.href === kind.webPath);
      // A kind within another (a change order) is reached from that kind's pages, with its codes.
      if (kind.within) {
        const parent = RECORD_KINDS.find((k) => k.key === kind.within);
        expect([entry, parent?.codes.modify, parent?.feature]).toEqual([undefined, kind.codes.modify, kind.feature]);
        return;
      }
      // The profile menu's pages are gated as the shell says (the Task Board by view-all-tasks).
      // So are the profile area's (the timesheet), open to all the staff.
      const menu = [...PROFILE_MENU_PAGES, ...PROFILE_AREA_PAGES].find((route) => route.href === kind.webPath);
      expect(entry ?? menu, kind.webPath).toBeDefined();
      expect((entry ?? menu)!.feature).toBe(kind.feature);
      if (!entry) return;
      expect(entry.name).toBe(kind.labelPlural);
      expect(entry.permission).toBe(kind.codes.modify);
    },
  );

  it.each(RECORD_KINDS)('$key: searchable exactly when it has a search category, which opens its list', (kind) => {
    const category = SEARCH_CATEGORIES.find((c) => c.key === kind.key);
    expect(Boolean(category)).toBe(kind.searchable);
    // Spec section 4: Raw Material (with Refund and Return) has no target; its results open the record.
    if (category) expect(category.href).toBe(['raw_material', 'return'].includes(kind.key) ? null : kind.webPath);
  });

  it.each(RECORD_KINDS)('$key: its first tab is the record itself, and no tab is named twice', (kind) => {
    // Details, unless the spec names it otherwise (a material's Info, at /info).
    const first = kind.tabs[0]!;
    expect(first.path).toBe('');
    expect(first.alias ? first.label.toLowerCase() : first.label).toBe(first.alias ?? 'Details');
    expect(new Set(kind.tabs.map((t) => t.path)).size).toBe(kind.tabs.length);
  });

  it('finds a kind by its key only, never through the prototype', () => {
    expect(kindOf('company')).toBe(KINDS.company);
    expect(kindOf('constructor')).toBeUndefined();
    expect(kindOf('__proto__')).toBeUndefined();
    expect(kindOf(null)).toBeUndefined();
  });
});
