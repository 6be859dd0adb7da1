import { kindHas } from '@atelier/contracts';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { showSubmitError } from '../../lib/forms';
import { toastSuccess } from '../../lib/toast';
import type { RecordResource } from './resource';

/**
 * Archive or restore, and delete after a confirmation, for a record header. Deleting is for
 * records nothing refers to; the server answers 409 otherwise and the message says to archive.
 */
export function ArchiveActions<T extends { _id: string; name: string; archived: boolean }, Input>(props: {
  record: T;
  resource: RecordResource<T, Input>;
  /** Where to go after deleting: the list. */
  listHref: string;
  /** What deleting means for this kind of record, shown in the confirmation. */
  deleteText: string;
  /** False hides Delete (the server refuses it for this record: a sent document is cancelled instead). */
  deletable?: boolean;
}) {
  const { record, resource } = props;
  const navigate = useNavigate();
  const archive = resource.useArchive(record._id);
  const remove = resource.useDelete(record._id);
  const [confirm, modal] = useDisclosure(false);
  // A kind without archiving (a numbered document is cancelled instead) shows Delete alone.
  const archivable = kindHas(resource.kind, 'archive');
  return (
    <>
      {archivable && (
        <Button
          variant="default"
          onClick={() =>
            archive
              .mutateAsync(!record.archived)
              .then(
                () => toastSuccess(record.archived ? `${record.name} restored.` : `${record.name} archived.`),
                showSubmitError,
              )
          }
        >
          {record.archived ? 'Restore' : 'Archive'}
        </Button>
      )}
      {props.deletable !== false && (
        <Button variant="subtle" color="red" onClick={modal.open}>
          Delete
        </Button>
      )}
      <Modal opened={confirm} onClose={modal.close} title={`Delete ${record.name}?`} centered>
        <Text size="sm">{props.deleteText}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={modal.close}>
            Keep it
          </Button>
          <Button
            color="red"
            onClick={() =>
              remove.mutateAsync(undefined).then(
                () => {
                  toastSuccess(`${record.name} deleted.`);
                  navigate(props.listHref);
                },
                (error) => {
                  modal.close();
                  showSubmitError(error);
                },
              )
            }
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
