import { type Email, P } from '@atelier/contracts';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useRecord } from '../../../components/record/record-outlet';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useEmailPreview, useSendTest } from '../api';
import { EmailPreview } from '../components/email-preview';

/** Sends the saved email to the signed-in person's own address (code 99). */
function SendTestButton({ email }: { email: Email }) {
  const test = useSendTest(email._id);
  const { can } = useCan();
  if (!can(P.MODIFY_EMAIL_TEMPLATES)) return null;
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconMailForward size={14} />}
      loading={test.isPending}
      onClick={() =>
        test.mutate(undefined, {
          onSuccess: ({ to }) => toastSuccess(`Test sent to ${to}.`),
          onError: (error) => showSubmitError(error),
        })
      }
    >
      Send a test to me
    </Button>
  );
}

/** /u/emailer/{id}/preview: the saved email as a customer gets it, with sample merge values. */
export default function EmailPreviewTab() {
  const { record } = useRecord<Email>();
  const preview = useEmailPreview({ subject: record.subject, preheader: record.preheader, blocks: record.blocks });
  if (preview.isPending) return <Loader aria-label="Loading the preview" />;
  if (preview.error)
    return (
      <Alert color="red" title="The preview could not be shown">
        {preview.error.message}
      </Alert>
    );
  return (
    <Stack>
      <Text size="sm" c="dimmed" maw={720}>
        The email as saved, filled with sample values for its merge fields (Casey Morgan). Unsaved changes on the Editor
        tab show here once saved. A test goes to your own address, filled with your own name.
      </Text>
      <EmailPreview rendered={preview.data} preheader={record.preheader} actions={<SendTestButton email={record} />} />
    </Stack>
  );
}
