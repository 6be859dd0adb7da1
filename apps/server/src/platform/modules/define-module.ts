import type { RecordKind } from '@atelier/contracts';
import type { AnyRoute } from '../http/routes';
import type { AnyJob } from '../jobs/runner';
import { entityKind } from '../records/entities';

/**
 * What a module brings to the app, in one place (its `X.module.ts`): the record kinds it owns,
 * its API routes and its background jobs. `app.ts` lists the modules and nothing else.
 */
export type ModuleManifest = {
  /** Its name in errors: "leads". */
  name: string;
  /** The declared kinds (contracts' KINDS) whose records it keeps. */
  kinds?: readonly RecordKind[];
  routes: readonly AnyRoute[];
  jobs?: readonly AnyJob[];
};

export const defineModule = (manifest: ModuleManifest): ModuleManifest => manifest;

/**
 * Refuses to start on modules that contradict each other or themselves: a kind claimed twice or
 * kept by no registered entity, a job name used twice, a route (method and path) given twice.
 */
export function checkModules(modules: readonly ModuleManifest[]): void {
  const seen = new Map<string, string>();
  const claim = (what: string, by: string) => {
    const other = seen.get(what);
    if (other) throw new Error(`${what} is declared by both ${other} and ${by}`);
    seen.set(what, by);
  };
  for (const m of modules) {
    for (const kind of m.kinds ?? []) {
      claim(`kind ${kind.key}`, m.name);
      if (!entityKind(kind.key)) throw new Error(`${m.name}: kind ${kind.key} has no registered entity`);
    }
    for (const job of m.jobs ?? []) claim(`job ${job.name}`, m.name);
    for (const route of m.routes) claim(`route ${route.method} ${route.url}`, m.name);
  }
}
