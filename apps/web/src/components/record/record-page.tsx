import type { RecordTab } from '@atelier/contracts';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useCan } from '../../lib/permissions';
import { NoAccess } from '../no-access';
import { ArchiveActions } from './archive-actions';
import { DetailLayout } from './detail-layout';
import { type Named, useMayOpen } from './may-open';
import type { RecordResource } from './resource';

/**
 * A record's page: header, routed tabs, and Archive/Restore and Delete for holders of the kind's
 * remove code; `deleteText` says what deleting means for this kind.
 */
export function RecordPage<T extends Named, Input>(props: {
  resource: RecordResource<T, Input>;
  subtitle?: (record: T) => ReactNode;
  deleteText: string;
  /** Whether this record may be deleted at all; all may if left out. */
  deletable?: (record: T) => boolean;
  /** More header actions, before Archive and Delete. */
  actions?: (record: T) => ReactNode;
  /** Leaves out tabs this user may not open (an account's Analytics without 17, a module the firm lacks). */
  showTab?: (tab: RecordTab, can: (code: number) => boolean, hasFeature: (feature: string) => boolean) => boolean;
}) {
  const { id = '' } = useParams();
  const { can, hasFeature } = useCan();
  const { resource } = props;
  const { kind } = resource;
  const record = resource.useRecord(id);
  if (!useMayOpen(kind)) return <NoAccess />;
  return (
    <DetailLayout<T>
      resource={resource}
      id={id}
      record={record.data}
      loading={record.isPending}
      error={record.error}
      title={(r) => r.name}
      subtitle={props.subtitle}
      archived={(r) => r.archived}
      showTab={props.showTab && ((tab) => props.showTab!(tab, can, hasFeature))}
      actions={(r) => (
        <>
          {props.actions?.(r)}
          {can(kind.codes.remove) && (
            <ArchiveActions
              record={r}
              resource={resource}
              listHref={kind.webPath}
              deleteText={props.deleteText}
              deletable={props.deletable?.(r) ?? true}
            />
          )}
        </>
      )}
    />
  );
}
