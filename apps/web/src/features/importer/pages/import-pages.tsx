import { LazySuspense, lazyNamed } from '../../../components/lazy';
import type { RecordPages } from '../../../components/record/record-pages';
import { ImportDetailsTab } from './import-details-tab';
import { ImportLayout } from './import-layout';
import { ImportListPage } from './import-list-page';

// The upload page brings the dropzone's code; the list and a document's page do without it.
const ImportNewPage = lazyNamed(() => import('./import-new-page'), 'ImportNewPage');

/**
 * The importer's pages, mounted by the router from the kind's declaration: the list (with a new
 * import of each kind), the upload page of a kind, and a document's page with its tabs.
 */
const pages: RecordPages = {
  List: ImportListPage,
  New: function New() {
    return (
      <LazySuspense>
        <ImportNewPage />
      </LazySuspense>
    );
  },
  Layout: ImportLayout,
  Details: ImportDetailsTab,
  tabs: { errors: () => import('./import-errors-tab') },
};

export default pages;
