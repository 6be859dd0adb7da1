import '@mantine/dropzone/styles.css';
import { UPLOAD_POLICIES } from '@atelier/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import { formatBytes } from '../../../lib/format';
import { toastError } from '../../../lib/toast';

const POLICY = UPLOAD_POLICIES.import;

// By type and by name: a browser may call a CSV file something else (Excel's own type on Windows).
const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

/** Why a dropped file was refused, in the words the server would use. */
function refusal(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
  if (codes.includes('too-many-files')) return 'Drop one file at a time.';
  if (codes.includes('file-too-large')) return POLICY.tooBig;
  return POLICY.wrongType;
}

/**
 * Where the file to import is dropped, or chosen with the button; `error` is the server's message
 * about the file itself.
 */
export function ImportDropzone(props: { onFile: (file: File) => void; loading: boolean; error?: string }) {
  const open = useRef<() => void>(null);
  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={(files) => files[0] && props.onFile(files[0])}
        onReject={(rejections) => toastError(refusal(rejections))}
        accept={ACCEPT}
        maxSize={POLICY.maxBytes}
        multiple={false}
        loading={props.loading}
        openRef={open}
        aria-label="Drop a CSV file or an Excel workbook"
      >
        <Group justify="center" gap="md" mih={140} wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={44} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={44} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={44} aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text fw={600}>Drop a CSV file or an Excel workbook here</Text>
            <Text size="sm" c="dimmed">
              Up to {formatBytes(POLICY.maxBytes)}. The first row names the columns.
            </Text>
          </div>
        </Group>
      </Dropzone>
      {props.error && (
        <Text size="sm" c="red" role="alert">
          {props.error}
        </Text>
      )}
      <Group>
        <Button variant="default" onClick={() => open.current?.()} loading={props.loading}>
          Choose file
        </Button>
      </Group>
    </Stack>
  );
}
