import type { SavedView } from '@atelier/contracts';
import { ActionIcon, Group, Menu } from '@mantine/core';
import { IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { ViewsButton } from './views-button';

type Props = {
  views: SavedView[];
  onApply: (view: SavedView) => void;
  onSetDefault: (view: SavedView) => void;
  onRemove: (view: SavedView) => void;
  onSaveView: () => void;
};

/** The saved views menu: apply a view, make it open by default, delete it, or save this one. */
export function ViewsMenu({ views, onApply, onSetDefault, onRemove, onSaveView }: Props) {
  return (
    <Menu position="bottom-end" shadow="md" width={280} withinPortal>
      <Menu.Target>
        <ViewsButton />
      </Menu.Target>
      <Menu.Dropdown>
        {views.length === 0 && <Menu.Label>No saved views yet</Menu.Label>}
        {views.map((view) => (
          <Group key={view.name} gap={0} wrap="nowrap">
            <Menu.Item onClick={() => onApply(view)} style={{ flex: 1 }}>
              {view.name}
            </Menu.Item>
            <ActionIcon
              variant="subtle"
              aria-label={view.default ? `Stop opening ${view.name} by default` : `Open ${view.name} by default`}
              onClick={() => onSetDefault(view)}
            >
              {view.default ? <IconStarFilled size={14} /> : <IconStar size={14} />}
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete view ${view.name}`}
              onClick={() => onRemove(view)}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onSaveView}>Save this view…</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
