import { firstUsePart } from '../first-use';

/**
 * A list's filter pickers, saved views menu and column chooser: loaded together when one of them
 * is first used (decision 0024).
 */
export const listControls = firstUsePart(() => import('./controls'));
