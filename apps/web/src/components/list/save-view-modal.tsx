import type { SavedView } from '@atelier/contracts';
import { Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { showSubmitError } from '../../lib/forms';
import { PROFILE_SUCCESS_DURATION, toastSuccess } from '../../lib/toast';
import { DialogActions } from '../dialog-actions';

type Props = {
  views: SavedView[];
  currentQuery: string;
  columns: string[];
  onSave: (views: SavedView[]) => Promise<void>;
  onClose: () => void;
};

/** "Save this view": names the list's current search, filters, sort and columns. */
export function SaveViewModal({ views, currentQuery, columns, onSave, onClose }: Props) {
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
      onClose();
    } catch (e) {
      showSubmitError(e);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Save this view" centered>
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
        <DialogActions onCancel={onClose} confirm="Save view" onConfirm={save} />
      </Stack>
    </Modal>
  );
}
