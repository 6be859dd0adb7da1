import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SQL injection is impossible by construction: values reach PostgreSQL only as parameters
 * (drizzle's sql`…${value}…` and `query(text, values)`). Text is spliced into SQL in the few
 * places that need an identifier or a type, and only from constants of our own code; each such
 * place says so with a `constant SQL:` comment on the line or the line above, which a reviewer
 * can check. This test finds every splice that does not.
 */
const root = path.resolve(import.meta.dirname, '..');
const MARK = /constant SQL\b/;

const SPLICES: { what: string; pattern: RegExp }[] = [
  // sql.raw(…) takes text as SQL, whatever it contains.
  { what: 'sql.raw(…)', pattern: /\bsql\.raw\(/ },
  // A driver call whose text is a template with ${…} or is built with +.
  { what: 'query/execute with interpolated text', pattern: /\.(query|execute)(<[^>]*>)?\(\s*`[^`]*\$\{/ },
  { what: 'query/execute with concatenated text', pattern: /\.(query|execute)(<[^>]*>)?\(\s*(['"`])[^'"`]*\3\s*\+/ },
  // drizzle's escape hatches that take raw text.
  { what: 'sql.identifier with a non-constant', pattern: /\bsql\.identifier\(\s*[a-z][\w.]*\s*\)/ },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

export function unmarkedSplices(files: { name: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { name, text } of files) {
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      for (const { what, pattern } of SPLICES) {
        if (!pattern.test(line)) continue;
        if (MARK.test(line) || MARK.test(lines[i - 1] ?? '')) continue;
        found.push(`${name}:${i + 1}: ${what}: ${line.trim()}`);
      }
    });
  }
  return found;
}

describe('SQL built from text', () => {
  it('happens only where a comment vouches that the text is a constant of our code', () => {
    const files = sourceFiles(root).map((file) => ({
      name: path.relative(root, file),
      text: fs.readFileSync(file, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(50);
    expect(unmarkedSplices(files)).toEqual([]);
  });

  it('catches each kind of splice', () => {
    // Written with #{…} so the examples stay plain strings here.
    const examples = [
      'await tx.execute(sql.raw(`SELECT * FROM t WHERE name = #{name}`));',
      'await client.query(`SELECT * FROM t WHERE id = #{id}`);',
      "await client.query('SELECT * FROM t WHERE id = ' + id);",
      'const t = sql.identifier(table);',
    ].map((line) => line.replaceAll('#{', '${'));
    expect(unmarkedSplices(examples.map((text, i) => ({ name: `example${i}`, text })))).toHaveLength(4);
    const vouched = '// constant SQL: the table names are ours\nawait client.query(`ANALYZE #{TABLE}`);'.replace(
      '#{',
      '${',
    );
    expect(unmarkedSplices([{ name: 'vouched', text: vouched }])).toEqual([]);
  });
});
