import { IMPORT_KIND_INFO, type ImportDocument, KINDS, recordHref } from '@atelier/contracts';
import { Navigate, useLocation, useParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { DetailLayout } from '../../../components/record/detail-layout';
import { useMayOpen } from '../../../components/record/may-open';
import { importHref, imports, useFollowProgress } from '../api';
import { ImportStatusBadge } from '../components/import-status-badge';

const subtitle = (doc: ImportDocument) =>
  [`Import ${doc.number}`, IMPORT_KIND_INFO[doc.kind].label, doc.createdBy && `by ${doc.createdBy.name}`]
    .filter(Boolean)
    .join(' · ');

/**
 * An import's page with its routed tabs, at /p/importer/{segment}/{id} as the spec names it. The
 * kind's generic address (/p/importer/{id}, which search, logs and links use) and a segment of
 * another kind lead there once the document is loaded, on the same tab.
 */
export function ImportLayout() {
  const { id = '', segment } = useParams();
  const { pathname } = useLocation();
  const doc = imports.useRecord(id);
  useFollowProgress(doc.data);
  const mayOpen = useMayOpen(KINDS.import);
  if (!mayOpen) return <NoAccess />;
  const href = doc.data && importHref(doc.data);
  const here = segment ? `${KINDS.import.webPath}/${segment}/${id}` : recordHref(KINDS.import, id);
  if (href && here !== href) return <Navigate replace to={`${href}${pathname.slice(here.length)}`} />;
  return (
    <DetailLayout<ImportDocument>
      resource={imports}
      id={id}
      href={href}
      record={doc.data}
      loading={doc.isPending}
      error={doc.error}
      title={(r) => r.name}
      subtitle={subtitle}
      actions={(r) => <ImportStatusBadge status={r.status} />}
    />
  );
}
