import type { SavedView } from '@atelier/contracts';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { showSubmitError } from '../../lib/forms';
import { FirstUse } from '../first-use';
import { lazyNamed } from '../lazy';
import { listControls } from './controls-part';
import { ViewsButton } from './views-button';

// The dialog that names a view loads when it first opens.
const SaveViewModal = lazyNamed(() => import('./save-view-modal'), 'SaveViewModal');

type Props = {
  views: SavedView[];
  currentQuery: string;
  columns: string[];
  onApply: (view: SavedView) => void;
  onSave: (views: SavedView[]) => Promise<void>;
};

/** Named views of a list (search, filters, sort, columns); one may open by default (`ViewsMenu`, loaded on first use). */
export function SavedViews({ views, currentQuery, columns, onApply, onSave }: Props) {
  const [opened, modal] = useDisclosure(false);
  const setDefault = (target: SavedView) =>
    onSave(views.map((v) => ({ ...v, default: v.name === target.name ? !v.default : false }))).catch(showSubmitError);
  const remove = (target: SavedView) => onSave(views.filter((v) => v.name !== target.name)).catch(showSubmitError);

  return (
    <>
      <FirstUse
        part={listControls}
        standIn={(use) => <ViewsButton aria-haspopup="menu" aria-expanded={false} onClick={use.click} />}
      >
        {(controls) => (
          <controls.ViewsMenu
            views={views}
            onApply={onApply}
            onSetDefault={setDefault}
            onRemove={remove}
            onSaveView={modal.open}
          />
        )}
      </FirstUse>
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
