import { ActionIcon } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { FirstUse } from '../../components/first-use';
import { shellMenus } from './shell-menus';

// The dialog's code (its modal, category picker, recent searches) loads when it first opens.
const loadSearchDialog = () => import('./search-dialog');
const SearchDialog = lazy(loadSearchDialog);

/** The top bar's search button, with its hint (loaded on first use); ctrl+alt+s opens the same dialog from anywhere. */
export function SearchButton() {
  const [opened, dialog] = useDisclosure(false);
  useHotkeys([['ctrl+alt+s', dialog.open]], []);
  const button = (onClick: () => void) => (
    <ActionIcon variant="default" size="lg" aria-label="Search" onClick={onClick}>
      <IconSearch size={18} />
    </ActionIcon>
  );
  return (
    <>
      <FirstUse
        part={shellMenus}
        standIn={(use) =>
          // The click opens the dialog from the real button (so the dialog gives focus back to
          // it); the dialog's code loads meanwhile.
          button(() => {
            void loadSearchDialog();
            use.click();
          })
        }
      >
        {(menus) => <menus.Tooltip label="Search (Ctrl+Alt+S)">{button(dialog.open)}</menus.Tooltip>}
      </FirstUse>
      {opened && (
        <Suspense>
          <SearchDialog onClose={dialog.close} />
        </Suspense>
      )}
    </>
  );
}
