import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, graphOf, readSources, ruleViolations, unitGraph } from './layers';

const repo = path.resolve(import.meta.dirname, '../..');
const baselineFile = path.join(import.meta.dirname, 'known-violations.json');
/** What the code did before the rules (issue 13 moves identity into the platform); it only shrinks. */
const baseline = JSON.parse(fs.readFileSync(baselineFile, 'utf8')) as { imports: string[]; inCycles: string[] };

/** Units (modules, features, other files) that sit in an import cycle. */
const inCycles = (graph: ReturnType<typeof graphOf>) =>
  cycles(unitGraph(graph))
    .flatMap((cycle) => cycle.replace(/^cycle: /, '').split(' ↔ '))
    .sort();

describe('the layers', () => {
  const graph = graphOf(readSources(repo));

  it('are kept: no import breaks a rule beyond the known ones, and fixed ones leave the list', () => {
    const found = ruleViolations(graph);
    expect(
      found.filter((v) => !baseline.imports.includes(v)),
      'imports that break the layers (decision 0018)',
    ).toEqual([]);
    expect(
      baseline.imports.filter((v) => !found.includes(v)),
      `fixed: take these out of ${path.relative(repo, baselineFile)}`,
    ).toEqual([]);
  });

  it('have no import cycle beyond the known one, which only shrinks', () => {
    const found = inCycles(graph);
    expect(
      found.filter((u) => !baseline.inCycles.includes(u)),
      'new members of an import cycle',
    ).toEqual([]);
    expect(
      baseline.inCycles.filter((u) => !found.includes(u)),
      `out of the cycle: take these out of ${path.relative(repo, baselineFile)}`,
    ).toEqual([]);
  });
});

describe('the layer check', () => {
  const tree = (files: Record<string, string>) => graphOf(new Map(Object.entries(files)));

  it('finds a module reaching into another past its public entry, and lets the entry through', () => {
    const graph = tree({
      'apps/server/src/modules/leads/leads.service.ts':
        "import { customers } from '../customers/customers.table';\nimport { x } from '../customers';",
      'apps/server/src/modules/customers/customers.table.ts': 'export const customers = 1;',
      'apps/server/src/modules/customers/index.ts': "export * from './customers.table';",
      'apps/server/src/db/schema.ts': "export * from '../modules/customers/customers.table';",
    });
    expect(ruleViolations(graph)).toEqual([
      'modules-through-their-entry: apps/server/src/modules/leads/leads.service.ts → apps/server/src/modules/customers/customers.table.ts',
    ]);
  });

  it('finds an import that breaks a rule: the platform reaching into a module, a shared component into a feature', () => {
    const graph = tree({
      'apps/server/src/platform/auth/auth.service.ts': "import { users } from '../../modules/users/users.table';",
      'apps/server/src/modules/users/users.table.ts': "import { id } from '../../db/columns';",
      'apps/server/src/db/columns.ts': 'export const id = 1;',
      'apps/web/src/components/list/list.tsx': "import type { Session } from '../../features/auth/session';",
      'apps/web/src/features/auth/session.tsx': "export { x } from '../../lib/api';",
      'apps/web/src/lib/api.ts': 'export const x = 1;',
    });
    expect(ruleViolations(graph)).toEqual([
      'platform-below-modules: apps/server/src/platform/auth/auth.service.ts → apps/server/src/modules/users/users.table.ts',
      'web-shared-below-features: apps/web/src/components/list/list.tsx → apps/web/src/features/auth/session.tsx',
    ]);
  });

  it('finds a cycle between modules, through any of their files, and dynamic imports too', () => {
    const graph = tree({
      'apps/server/src/modules/leads/leads.service.ts': "import { c } from '../customers/customers.service';",
      'apps/server/src/modules/customers/customers.service.ts':
        "export const c = () => import('../leads/lead-conversion');",
      'apps/server/src/modules/leads/lead-conversion.ts': 'export {};',
      'apps/server/src/modules/firms/firms.service.ts': "import '../users/users.table';",
      'apps/server/src/modules/users/users.table.ts': 'export {};',
    });
    expect(cycles(unitGraph(graph))).toEqual([
      'cycle: apps/server/src/modules/customers ↔ apps/server/src/modules/leads',
    ]);
  });
});
