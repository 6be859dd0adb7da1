/**
 * Query strings as spec section 7 sends them: arrays as repeated bracketed keys.
 *   a=1            → { a: '1' }
 *   a[]=1&a[]=2    → { a: ['1', '2'] }
 *   f[s][]=x       → { f: { s: ['x'] } }
 *   f[s]=x         → { f: { s: 'x' } }
 * Anything deeper, or a key that is both a value and a group, is kept as its literal key.
 *
 * Every object is made without a prototype, so a key such as `__proto__` is only ever an own
 * property, never a way to the prototype of every object in the process. Such keys are then
 * refused with 400 by the hostile-input guard (this runs inside the router, where throwing
 * would not become an answer).
 */
export function parseQueryString(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    const match = key.match(/^([^[\]]+)(?:\[([^[\]]*)\])?(\[\])?$/);
    if (!match) {
      result[key] = value;
      continue;
    }
    const [, name, inner, brackets] = match as [string, string, string | undefined, string | undefined];
    if (inner === undefined) {
      result[name] = key.endsWith('[]') ? [...asArray(result[name]), value] : value;
      continue;
    }
    if (inner === '') {
      result[name] = [...asArray(result[name]), value];
      continue;
    }
    const existing = result[name];
    const group = (isGroup(existing) ? existing : Object.create(null)) as Record<string, unknown>;
    group[inner] = brackets ? [...asArray(group[inner]), value] : value;
    result[name] = group;
  }
  return result;
}

const isGroup = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

function asArray(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  return value === undefined ? [] : [String(value)];
}
