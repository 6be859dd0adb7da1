import { setSampleDataLoader } from './modules/firms';
import { SAMPLE_DATA } from './seed/sample-data';

/**
 * What the layers (decision 0018) keep a module from importing, handed to it here, above them
 * all: onboarding's sample data are seeds. app.ts imports this file, so the server and every
 * test that builds the app have it.
 */
setSampleDataLoader(async (db, actor) => {
  for (const step of SAMPLE_DATA) await step.load(db, actor);
});
