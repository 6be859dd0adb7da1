import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/http/access';

/** Loads the sample data a new firm may ask for at the end of onboarding (seed/sample-data.ts). */
export type SampleDataLoader = (db: Executor, actor: Actor) => Promise<void>;

let loader: SampleDataLoader | undefined;

/**
 * The sample data are seeds, wiring above the modules (decision 0018): the server's wiring
 * (`src/wiring.ts`, loaded by app.ts) hands onboarding their loader, so this module need not
 * import them.
 */
export function setSampleDataLoader(load: SampleDataLoader): void {
  loader = load;
}

/** Loads the sample data through the loader the wiring set; without one, that is a wiring mistake. */
export async function loadSampleData(db: Executor, actor: Actor): Promise<void> {
  if (!loader) throw new Error('No sample data loader is set: app.ts imports ./wiring, which sets it.');
  await loader(db, actor);
}
