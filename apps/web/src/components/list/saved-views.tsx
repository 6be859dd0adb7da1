import type { SavedView } from '@atelier/contracts';
import { ActionIcon, Button, Checkbox, Group, Menu, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBookmark, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { showSubmitError } from '../../lib/forms';
import { PROFILE_SUCCESS_DURATION, toastSuccess } from '../../lib/toast';

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
  const [name, setName] = useState('');
  const [makeDefault, setMakeDefault] = useState(false);
  const [error, setError] = useState<string>();
  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError('Give the view a name.');
    if (views.some((v) => v.name.toLowerCase() === trimmed.toLowerCase()))
      return setError('A view with this name exists already.');
    try {
      const others = makeDefault ? views.map((v) => ({ ...v, default: false })) : views;
      await onSave([...others, { name: trimmed, query: currentQuery, columns, default: makeDefault }]);
      // Views live on the profile: a profile action's success toast (spec section 9).
      toastSuccess(`View "${trimmed}" saved.`, PROFILE_SUCCESS_DURATION);
      setName('');
      setMakeDefault(false);
      modal.close();
    } catch (e) {
      showSubmitError(e);
    }
  };
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
      <Modal opened={opened} onClose={modal.close} title="Save this view" centered>
        <Stack>
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            data-autofocus
            onKeyDown={(e) => e.key === 'Enter' && save()}
          />
          <Checkbox
            label="Open this list with this view"
            checked={makeDefault}
            onChange={(e) => setMakeDefault(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={modal.close}>
              Cancel
            </Button>
            <Button onClick={save}>Save view</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
