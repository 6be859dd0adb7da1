import { ActionIcon, Tooltip } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';

// The dialog's code (its modal, category picker, recent searches) loads when it first opens.
const SearchDialog = lazy(() => import('./search-dialog'));

/** The top bar's search button; ctrl+alt+s opens the same dialog from anywhere. */
export function SearchButton() {
  const [opened, dialog] = useDisclosure(false);
  useHotkeys([['ctrl+alt+s', dialog.open]], []);
  return (
    <>
      <Tooltip label="Search (Ctrl+Alt+S)">
        <ActionIcon variant="default" size="lg" aria-label="Search" onClick={dialog.open}>
          <IconSearch size={18} />
        </ActionIcon>
      </Tooltip>
      {opened && (
        <Suspense>
          <SearchDialog onClose={dialog.close} />
        </Suspense>
      )}
    </>
  );
}
