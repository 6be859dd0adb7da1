import fs from 'node:fs';
import path from 'node:path';

/**
 * The code's layers (decision 0018), checked in `npm test`:
 * server: contracts ← db ← platform ← modules ← wiring (app.ts, main.ts, seed);
 * web: lib/components ← features ← app; no import cycles anywhere; a module reaches another
 * only through its public entry (`modules/X/index.ts`).
 *
 * Written here rather than with dependency-cruiser: its 17.x line (18 needs Node 22) reads
 * TypeScript only through `typescript` < 7 or swc without TSX, and this repository compiles
 * with TypeScript 7. Import statements of biome-formatted TypeScript are regular enough to read
 * with a pattern; resolution follows relative paths only (packages are outside the layers).
 */
export type Rule = { name: string; why: string; from: RegExp; to: RegExp };

const server = 'apps/server/src/';
const web = 'apps/web/src/';

export const RULES: Rule[] = [
  {
    name: 'contracts-stand-alone',
    why: 'The shared contracts are read by the server and the web app; they import neither.',
    from: /^packages\/contracts\//,
    to: /^apps\//,
  },
  {
    name: 'db-below-platform',
    why: 'The database layer knows nothing of the platform or the modules built on it.',
    // db/schema.ts is wiring, not the db layer: the list of every table drizzle-kit reads.
    from: new RegExp(`^${server}db/(?!schema\\.ts$)`),
    to: new RegExp(`^${server}(platform|modules|seed)/`),
  },
  {
    name: 'platform-below-modules',
    why: 'The platform serves every module and depends on none of them.',
    from: new RegExp(`^${server}platform/`),
    to: new RegExp(`^${server}(modules|seed)/`),
  },
  {
    name: 'modules-not-seeds',
    why: 'Demo and sample data are wiring above the modules.',
    from: new RegExp(`^${server}modules/`),
    to: new RegExp(`^${server}seed/`),
  },
  {
    name: 'web-shared-below-features',
    why: 'Shared components and helpers serve every feature and depend on none.',
    from: new RegExp(`^${web}(components|lib)/`),
    to: new RegExp(`^${web}(features|app)/`),
  },
  {
    name: 'features-below-app',
    why: 'The app shell wires features together; a feature does not reach into it.',
    from: new RegExp(`^${web}features/`),
    to: new RegExp(`^${web}app/`),
  },
];

/** The source folders the rules cover (tests and build output aside). */
export const ROOTS = ['packages/contracts/src', 'apps/server/src', 'apps/web/src'];

// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`, across lines.
const IMPORT =
  /(?:\bimport\s[^'"`;]*?\bfrom\s*|\bexport\s[^'"`;]*?\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The module specifiers a source file imports. */
export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => m[1]!);
}

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a relative specifier names, among `files` (repository-relative paths), if any. */
function resolve(from: string, specifier: string, files: Set<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (files.has(base)) return base;
  const stem = base.replace(/\.(js|mjs)$/, '');
  return EXTENSIONS.map((ext) => stem + ext).find((candidate) => files.has(candidate));
}

export type Graph = Map<string, Set<string>>;

/** Who imports whom, from files given as repository-relative path → source text. */
export function graphOf(sources: Map<string, string>): Graph {
  const files = new Set(sources.keys());
  const graph: Graph = new Map();
  for (const [file, source] of sources) {
    const targets = new Set<string>();
    for (const specifier of importsOf(source)) {
      const target = resolve(file, specifier, files);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The repository's source files under ROOTS, tests and declarations aside. */
export function readSources(repo: string, roots = ROOTS): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(repo, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name))
        sources.set(rel, fs.readFileSync(path.join(repo, rel), 'utf8'));
    }
  };
  for (const root of roots) walk(root);
  return sources;
}

const MODULE_FILE = new RegExp(`^${server}modules/([^/]+)/(.+)$`);

/**
 * Another module or the wiring (seeds) reaches a module only through its public entry,
 * `modules/X/index.ts`; app.ts takes its manifest (`X.module.ts`) and db/schema.ts its tables
 * (drizzle-kit reads them). The platform may not reach a module at all (its own rule).
 */
function entryViolation(from: string, to: string): boolean {
  const target = MODULE_FILE.exec(to);
  if (!target) return false;
  const [, module, file] = target;
  const source = MODULE_FILE.exec(from);
  if (source?.[1] === module || file === 'index.ts' || file === `${module}.module.ts`) return false;
  if (from === `${server}db/schema.ts`) return false;
  return Boolean(source) || from.startsWith(`${server}seed/`) || from === `${server}wiring.ts`;
}

/** Each import that breaks a rule, as "rule: from → to". */
export function ruleViolations(graph: Graph, rules = RULES): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph)
    for (const to of targets) {
      for (const rule of rules)
        if (rule.from.test(from) && rule.to.test(to)) found.push(`${rule.name}: ${from} → ${to}`);
      if (entryViolation(from, to)) found.push(`modules-through-their-entry: ${from} → ${to}`);
    }
  return found.sort();
}

/** Each import cycle (a strongly connected group of files), as "cycle: a ↔ b ↔ …" sorted. */
export function cycles(graph: Graph): string[] {
  // Tarjan's algorithm, iterative so deep import chains cannot overflow the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: [string, string[]][] = [[start, [...(graph.get(start) ?? [])]]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const [node, next] = work.at(-1)!;
      const child = next.shift();
      if (child !== undefined) {
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push([child, [...(graph.get(child) ?? [])]]);
        } else if (onStack.has(child)) low.set(node, Math.min(low.get(node)!, index.get(child)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work.at(-1)![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1) groups.push(group.sort());
      }
    }
  }
  return groups.map((group) => `cycle: ${group.join(' ↔ ')}`).sort();
}

/** A file's unit for cycles: its module or feature folder, or the file itself elsewhere. */
export function unitOf(file: string): string {
  const m = /^(apps\/server\/src\/modules\/[^/]+|apps\/web\/src\/features\/[^/]+)\//.exec(file);
  return m ? m[1]! : file;
}

/** The graph between units: a module that imports another, by any of its files. */
export function unitGraph(graph: Graph): Graph {
  const units: Graph = new Map();
  for (const [from, targets] of graph) {
    const set = units.get(unitOf(from)) ?? new Set<string>();
    for (const to of targets) if (unitOf(to) !== unitOf(from)) set.add(unitOf(to));
    units.set(unitOf(from), set);
  }
  return units;
}
