import type { RecordKind } from '@atelier/contracts';
import type { Config } from '../../config';
import { type AnyReaction, installReactions } from '../events/events';
import type { AnyRoute } from '../http/routes';
import type { AnyJob } from '../jobs/runner';
import { entityKind } from '../records/entities';
import { installSampleData, type SampleData } from '../seeds/sample-data';
import type { Seed } from '../seeds/seeds';
import { installSettings, type ModuleSettings } from '../settings/settings-references';
import { installJournalSources, type JournalSource } from './journal';

/**
 * What a module brings to the app, in one place (its `X.module.ts`): the record kinds it owns,
 * its API routes, its background jobs, its demo and sample data and its settings checks. `app.ts` lists the modules and nothing else.
 */
export type ModuleManifest = {
  /** Its name in errors: "leads". */
  name: string;
  /** The declared kinds (contracts' KINDS) whose records it keeps. */
  kinds?: readonly RecordKind[];
  routes: readonly AnyRoute[];
  jobs?: readonly AnyJob[];
  /** Its demo data, run after the platform's and the modules listed before it. */
  seeds?: readonly Seed[];
  /** What a new firm may load at the end of onboarding to try the module. */
  sampleData?: readonly SampleData[];
  /** The settings fields naming its records, and checks of the settings groups it understands. */
  settings?: ModuleSettings;
  /** What it does when something happens in another module (platform/events). */
  reactions?: readonly AnyReaction[];
  /** What its documents put in the books, for the accounting export (./journal.ts, decision 0047). */
  journal?: readonly JournalSource[];
  /**
   * Runs as the app is built, before it serves: reads and checks what the module needs from the
   * configuration (a rules file). Throwing stops the server with the error's message.
   */
  start?: (config: Config) => void;
};

export const defineModule = (manifest: ModuleManifest): ModuleManifest => manifest;

/**
 * Refuses to start on modules that contradict each other or themselves: a kind claimed twice or
 * kept by no registered entity, a job or seed name used twice, a route (method and path) given twice.
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
    for (const seed of m.seeds ?? []) claim(`seed ${seed.name}`, m.name);
    for (const route of m.routes) claim(`route ${route.method} ${route.url}`, m.name);
    for (const source of m.journal ?? []) claim(`journal source ${source.key}`, m.name);
  }
}

/** Checks the modules (above) and takes in what the platform serves for them: settings checks, sample data. */
export function installModules(modules: readonly ModuleManifest[]): void {
  checkModules(modules);
  for (const m of modules) {
    if (m.settings) installSettings(m.name, m.settings);
    installSampleData(m.sampleData ?? []);
    installReactions(m.reactions ?? []);
    installJournalSources(m.name, m.journal ?? []);
  }
}
