import { platformDemoSeed } from './demo';
import { leadsDemoSeed } from './demo-leads';
import { recordsDemoSeed } from './demo-records';
import type { Seed } from './registry';

/** Demo seeds in the order they run; each module appends its own. */
export const DEMO_SEEDS: readonly Seed[] = [platformDemoSeed, recordsDemoSeed, leadsDemoSeed];
