import type { Executor } from '../../db/client';
import type { Actor } from '../http/access';

/**
 * Sample data a new firm may load at the end of onboarding, so its people can try things
 * without typing everything first. Each module's manifest gives what it has (starter roles and
 * departments; later products…); each step skips what the firm already has.
 */
export type SampleData = { name: string; load: (db: Executor, actor: Actor) => Promise<void> };

const steps: SampleData[] = [];

/** Takes a module's sample data in (app start-up, from the manifests, in their order). */
export function installSampleData(data: readonly SampleData[]): void {
  for (const step of data) if (!steps.includes(step)) steps.push(step);
}

/** Loads every module's sample data into the actor's firm, in the order of the modules. */
export async function loadSampleData(db: Executor, actor: Actor): Promise<void> {
  for (const step of steps) await step.load(db, actor);
}
