import { FirstUse } from '../../components/first-use';
import { useUnreadNotifications } from '../../features/notifications/api';
import { BellButton } from './bell-button';
import { shellMenus } from './shell-menus';

/** The bell and its menu of unread notifications (`BellMenu`, loaded on first use). */
export function NotificationsBell() {
  const count = useUnreadNotifications().data?.length ?? 0;
  return (
    <FirstUse part={shellMenus} standIn={(use) => <BellButton count={count} onClick={use.click} />}>
      {(menus) => <menus.BellMenu />}
    </FirstUse>
  );
}
