import { firstUsePart } from '../../components/first-use';

/**
 * The top bar's menus and hints (the main menu, the bell, the profile menu, the search button's
 * hint): loaded together when one of them is first used (decision 0024).
 */
export const shellMenus = firstUsePart(() => import('./menus'));
