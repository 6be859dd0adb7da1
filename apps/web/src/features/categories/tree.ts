import type { Category } from '@atelier/contracts';

/** A row of the tree as drawn: the API's order (each after its parent), with depth and parent. */
export type TreeRow = Pick<Category, '_id' | 'name' | 'parentId' | 'depth' | 'products' | 'version'>;

/** Where a move puts a category: under which parent, at which place among its children. */
export type Placement = { parentId: string | null; position: number };

/** The rows without those under `id` (they travel with it while it is dragged). */
export function withoutDescendants<T extends TreeRow>(rows: T[], id: string): T[] {
  const at = rows.findIndex((r) => r._id === id);
  if (at < 0) return rows;
  let end = at + 1;
  while (end < rows.length && rows[end]!.depth > rows[at]!.depth) end++;
  return [...rows.slice(0, at + 1), ...rows.slice(end)];
}

/** A row and every row under it. */
export function subtree(rows: TreeRow[], id: string): Set<string> {
  const at = rows.findIndex((r) => r._id === id);
  const ids = new Set<string>();
  if (at < 0) return ids;
  ids.add(id);
  for (let i = at + 1; i < rows.length && rows[i]!.depth > rows[at]!.depth; i++) ids.add(rows[i]!._id);
  return ids;
}

const siblingsBefore = (rows: TreeRow[], index: number, parentId: string | null, except: string) =>
  rows.slice(0, index).filter((r) => r.parentId === parentId && r._id !== except).length;

/**
 * Where a dragged row lands: dropped over `overId`, moved `levels` levels right (negative: left)
 * of where it was. It may go one level deeper than the row above it, and no shallower than the
 * row below it (which would otherwise change parent too). `rows` leave out the dragged row's
 * subtree (`withoutDescendants`).
 */
export function projectDrop(rows: TreeRow[], activeId: string, overId: string, levels: number) {
  const from = rows.findIndex((r) => r._id === activeId);
  const to = rows.findIndex((r) => r._id === overId);
  if (from < 0 || to < 0) return null;
  const moved = [...rows];
  const [active] = moved.splice(from, 1);
  moved.splice(to, 0, active!);
  const above = moved[to - 1];
  const below = moved[to + 1];
  const max = above ? above.depth + 1 : 0;
  const min = below ? below.depth : 0;
  const depth = Math.max(min, Math.min(max, active!.depth + levels));
  let parentId: string | null = null;
  if (depth > 0 && above) {
    if (depth === above.depth + 1) parentId = above._id;
    else
      parentId =
        moved
          .slice(0, to)
          .reverse()
          .find((r) => r.depth === depth)?.parentId ?? null;
  }
  return { depth, parentId, position: siblingsBefore(moved, to, parentId, activeId) };
}

/** The keyboard's moves: up or down among its siblings, into the sibling above, or out beside its parent. */
export function stepMove(rows: TreeRow[], id: string, step: 'up' | 'down' | 'in' | 'out'): Placement | null {
  const row = rows.find((r) => r._id === id);
  if (!row) return null;
  const siblings = rows.filter((r) => r.parentId === row.parentId);
  const at = siblings.findIndex((r) => r._id === id);
  switch (step) {
    case 'up':
      return at > 0 ? { parentId: row.parentId, position: at - 1 } : null;
    case 'down':
      return at < siblings.length - 1 ? { parentId: row.parentId, position: at + 1 } : null;
    case 'in': {
      // Last among the children of the sibling above.
      const above = siblings[at - 1];
      return above ? { parentId: above._id, position: rows.filter((r) => r.parentId === above._id).length } : null;
    }
    case 'out': {
      const parent = rows.find((r) => r._id === row.parentId);
      if (!parent) return null;
      const aunts = rows.filter((r) => r.parentId === parent.parentId);
      return { parentId: parent.parentId, position: aunts.findIndex((r) => r._id === parent._id) + 1 };
    }
  }
}
