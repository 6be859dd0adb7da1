import { FirstUse } from '../../components/first-use';
import { ProfileButton } from './profile-button';
import { shellMenus } from './shell-menus';

/** The profile menu of spec section 2 (`ProfileMenuDropdown`, loaded on first use). */
export function ProfileMenu() {
  return (
    <FirstUse
      part={shellMenus}
      standIn={(use) => <ProfileButton aria-haspopup="menu" aria-expanded={false} onClick={use.click} />}
    >
      {(menus) => <menus.ProfileMenuDropdown />}
    </FirstUse>
  );
}
