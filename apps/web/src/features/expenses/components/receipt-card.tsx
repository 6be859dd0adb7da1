import { type Expense, RECEIPT_TYPES } from '@atelier/contracts';
import { Anchor, Button, Card, FileButton, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconReceipt, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { recordKeys } from '../../../components/record/api';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { uploadFile } from '../../../lib/upload';
import { expenses } from '../api';
import { expenseValues } from './expense-values';

/**
 * A PDF shown in the page. The file is served as an attachment, and no response of ours may be
 * framed, so the page reads its bytes and frames a local object URL of them (the app's
 * content policy lets frames show only its own origin and such blob: URLs).
 */
function PdfView({ url, name }: { url: string; name: string }) {
  const [local, setLocal] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    fetch(url, { credentials: 'same-origin' })
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(String(r.status)))))
      .then((blob) => {
        made = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        if (live) setLocal(made);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  if (failed)
    return (
      <Text size="sm" c="dimmed">
        The receipt could not be shown here: download it instead.
      </Text>
    );
  if (!local) return <Loader size="sm" aria-label="Loading the receipt" />;
  return <iframe src={local} title={`Receipt: ${name}`} style={{ width: '100%', height: 520, border: 0 }} />;
}

/**
 * The expense's receipt, shown where it is read: the image itself, or the PDF in a frame; with
 * its download link, and a way to upload one (or another) for whoever keeps expenses. The file
 * is one of the expense's own files, so it also shows on its Files tab.
 */
export function ReceiptCard({ expense }: { expense: Expense }) {
  const { can } = useCan();
  const queryClient = useQueryClient();
  const update = expenses.useUpdate(expense._id);
  const [busy, setBusy] = useState(false);
  const path = expenses.path(expense._id);
  const receipt = expense.receipt;
  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const stored = await uploadFile(file, `${path}/files`, 'document');
      await update.mutateAsync({ ...expenseValues(expense), receipt: stored._id, version: expense.version });
      toastSuccess(`${file.name} is the receipt.`);
      await queryClient.invalidateQueries({ queryKey: recordKeys.all(path) });
    } catch (error) {
      showSubmitError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Receipt
          </Title>
          {can(expenses.kind.codes.modify) && (
            <FileButton onChange={upload} accept={RECEIPT_TYPES.join(',')}>
              {(props) => (
                <Button
                  {...props}
                  variant={receipt ? 'default' : 'filled'}
                  leftSection={<IconUpload size={16} />}
                  loading={busy}
                >
                  {receipt ? 'Replace receipt' : 'Upload receipt'}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {!receipt ? (
          <Group gap="xs" c="dimmed">
            <IconReceipt size={18} />
            <Text size="sm">No receipt yet: upload a photo of it, or its PDF.</Text>
          </Group>
        ) : (
          <>
            {receipt.contentType === 'application/pdf' ? (
              <PdfView url={receipt.url} name={receipt.name} />
            ) : (
              <Image src={receipt.url} alt={`Receipt: ${receipt.name}`} fit="contain" mah={520} radius="sm" />
            )}
            <Anchor href={receipt.url} download={receipt.name} size="sm">
              Download {receipt.name}
            </Anchor>
          </>
        )}
      </Stack>
    </Card>
  );
}
