/**
 * Query strings as spec section 7 sends them: arrays as repeated bracketed keys.
 *   a=1            → { a: '1' }
 *   a[]=1&a[]=2    → { a: ['1', '2'] }
 *   f[s][]=x       → { f: { s: ['x'] } }
 *   f[s]=x         → { f: { s: 'x' } }
 * Anything deeper, or a key that is both a value and a group, is kept as its literal key.
 */
export function parseQueryString(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
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
    const group = (typeof result[name] === 'object' && !Array.isArray(result[name]) ? result[name] : {}) as Record<
      string,
      unknown
    >;
    group[inner] = brackets ? [...asArray(group[inner]), value] : value;
    result[name] = group;
  }
  return result;
}

function asArray(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  return value === undefined ? [] : [String(value)];
}
