import { MODULES } from '../app';
import type { Seed } from '../platform/seeds/seeds';
import { platformDemoSeed } from './demo';

/** The demo data: the platform's firms and people, then each module's seeds in the order of MODULES. */
export const DEMO_SEEDS: readonly Seed[] = [platformDemoSeed, ...MODULES.flatMap((m) => m.seeds ?? [])];
