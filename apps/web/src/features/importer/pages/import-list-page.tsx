import type { ImportDocument, ImportInput, ImportRow } from '@atelier/contracts';
import { RecordListPage } from '../../../components/record/record-pages';
import { imports } from '../api';
import { ImportStatusBadge } from '../components/import-status-badge';
import { NewImportCards } from '../components/new-import-cards';

/** /p/importer: a new import of each kind the person may run, then every import so far. */
export function ImportListPage() {
  return (
    <RecordListPage<ImportRow, ImportDocument, ImportInput>
      resource={imports}
      description="Spreadsheets brought in: each one's file, its mapping, its check and what it made."
      intro={<NewImportCards />}
      // The newest first.
      defaultSort="-number"
      render={{ status: (row) => <ImportStatusBadge status={row.status} /> }}
    />
  );
}
