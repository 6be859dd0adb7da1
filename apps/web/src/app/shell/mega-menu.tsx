import { Group } from '@mantine/core';
import { FirstUse } from '../../components/first-use';
import { useNavigation } from '../../lib/navigation';
import { GroupButton } from './group-button';
import { shellMenus } from './shell-menus';

/** Desktop (768 px and wider): one menu per group, each entry with its sub-pages. */
export function MegaMenu() {
  const groups = useNavigation();
  if (groups.length === 0) return null;
  return (
    <Group gap={4} visibleFrom="sm" component="nav" aria-label="Main">
      {groups.map((group) => (
        <FirstUse
          key={group.name}
          part={shellMenus}
          standIn={(use) => (
            <GroupButton name={group.name} aria-haspopup="menu" aria-expanded={false} onClick={use.click} />
          )}
        >
          {(menus) => <menus.GroupMenu group={group} />}
        </FirstUse>
      ))}
    </Group>
  );
}
