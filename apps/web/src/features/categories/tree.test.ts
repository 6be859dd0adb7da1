import { describe, expect, it } from 'vitest';
import { projectDrop, stepMove, type TreeRow, withoutDescendants } from './tree';

const row = (id: string, parentId: string | null, depth: number): TreeRow => ({
  _id: id,
  name: id,
  parentId,
  depth,
  products: 0,
  version: 1,
});
// A
//   B
//     C
//   D
// E
const rows = [row('A', null, 0), row('B', 'A', 1), row('C', 'B', 2), row('D', 'A', 1), row('E', null, 0)];

describe('the category tree’s moves', () => {
  it('drags a row with its subtree', () => {
    expect(withoutDescendants(rows, 'B').map((r) => r._id)).toEqual(['A', 'B', 'D', 'E']);
  });

  it('drops a row among the rows it lands on, at the depth the drag reaches within what is allowed', () => {
    const dragging = withoutDescendants(rows, 'E');
    // E dropped over D from below lands before D: no shallower than D, so beside it under A.
    expect(projectDrop(dragging, 'E', 'D', 0)).toEqual({ depth: 1, parentId: 'A', position: 1 });
    // Dragged right: under C's parent B, after C; further, under C itself (one below the row above).
    expect(projectDrop(dragging, 'E', 'D', 2)).toEqual({ depth: 2, parentId: 'B', position: 1 });
    expect(projectDrop(dragging, 'E', 'D', 9)).toEqual({ depth: 3, parentId: 'C', position: 0 });
    // To the very top: first at the top level, however far right it was dragged.
    expect(projectDrop(dragging, 'E', 'A', 3)).toEqual({ depth: 0, parentId: null, position: 0 });
    // B (with C) dragged down over D: after D, still under A.
    expect(projectDrop(withoutDescendants(rows, 'B'), 'B', 'D', 0)).toEqual({ depth: 1, parentId: 'A', position: 1 });
  });

  it('moves by keyboard: up, down, into the sibling above, out beside the parent', () => {
    expect(stepMove(rows, 'D', 'up')).toEqual({ parentId: 'A', position: 0 });
    expect(stepMove(rows, 'B', 'up')).toBeNull();
    expect(stepMove(rows, 'B', 'down')).toEqual({ parentId: 'A', position: 1 });
    expect(stepMove(rows, 'D', 'in')).toEqual({ parentId: 'B', position: 1 });
    expect(stepMove(rows, 'C', 'out')).toEqual({ parentId: 'A', position: 1 });
    expect(stepMove(rows, 'A', 'out')).toBeNull();
  });
});
