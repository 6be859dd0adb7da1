import type { SavedView } from '@atelier/contracts';
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBookmark, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { Suspense } from 'react';
import { showSubmitError } from '../../lib/forms';
import { lazyNamed } from '../lazy';

// The dialog that names a view loads when it first opens.
const SaveViewModal = lazyNamed(() => import('./save-view-modal'), 'SaveViewModal');

type Props = {
  views: SavedView[];
  currentQuery: string;
  columns: string[];
  onApply: (view: SavedView) => void;
  onSave: (views: SavedView[]) => Promise<void>;
};

/** Named views of a list (search, filters, sort, columns); one may open by default. */
export function SavedViews({ views, currentQuery, columns, onApply, onSave }: Props) {
  const [opened, modal] = useDisclosure(false);
  const setDefault = (target: SavedView) =>
    onSave(views.map((v) => ({ ...v, default: v.name === target.name ? !v.default : false }))).catch(showSubmitError);
  const remove = (target: SavedView) => onSave(views.filter((v) => v.name !== target.name)).catch(showSubmitError);

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={280} withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconBookmark size={16} />}>
            Views
          </Button>
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
                onClick={() => setDefault(view)}
              >
                {view.default ? <IconStarFilled size={14} /> : <IconStar size={14} />}
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete view ${view.name}`}
                onClick={() => remove(view)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={modal.open}>Save this view…</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {opened && (
        <Suspense>
          <SaveViewModal
            views={views}
            currentQuery={currentQuery}
            columns={columns}
            onSave={onSave}
            onClose={modal.close}
          />
        </Suspense>
      )}
    </>
  );
}
