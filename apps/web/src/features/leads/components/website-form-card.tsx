import { Alert, Anchor, Button, Card, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useLeadCapture, useRegenerateCapture } from '../api';
import { formSnippet } from './website-form-snippet';

function Copy({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          variant="default"
          size="xs"
          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          onClick={copy}
        >
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}

/** The firm's website form: where it posts, which site may post, the HTML to paste, a new key. */
export function WebsiteFormCard() {
  const capture = useLeadCapture(true);
  const regenerate = useRegenerateCapture();
  const [confirming, confirm] = useDisclosure(false);
  const data = capture.data;
  return (
    <Card withBorder padding="lg">
      <Stack>
        <div>
          <Text fw={600}>Website form</Text>
          <Text size="sm" c="dimmed">
            Paste this form into your website. Each message arrives as a new lead in the New column.
          </Text>
        </div>
        {capture.isPending && <Text size="sm">Loading…</Text>}
        {capture.error && <Alert color="red">{capture.error.message}</Alert>}
        {data && (
          <>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput label="Form address" value={data.endpoint} readOnly style={{ flex: 1, minWidth: 0 }} />
              <Copy value={data.endpoint} label="Copy" />
            </Group>
            {data.allowedOrigin ? (
              <Text size="sm">
                Accepted only from <Code>{data.allowedOrigin}</Code>, your firm’s website.{' '}
                <Anchor component={Link} to="/s/firm">
                  Change it in firm settings
                </Anchor>
              </Text>
            ) : (
              <Alert color="yellow" title="Your website is not set">
                The form only works from your firm’s own website.{' '}
                <Anchor component={Link} to="/s/firm">
                  Add it in firm settings
                </Anchor>
              </Alert>
            )}
            <Stack gap={6}>
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  HTML to paste
                </Text>
                <Copy value={formSnippet(data.endpoint)} label="Copy the HTML" />
              </Group>
              {/* Focusable, so it scrolls from the keyboard too. */}
              <Code block tabIndex={0} aria-label="The HTML of the form" style={{ maxHeight: 260, overflow: 'auto' }}>
                {formSnippet(data.endpoint)}
              </Code>
            </Stack>
            <Group>
              <Button variant="light" color="red" leftSection={<IconRefresh size={16} />} onClick={confirm.open}>
                Regenerate key
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <Modal opened={confirming} onClose={confirm.close} title="Regenerate the form’s key?" centered>
        <Text size="sm">
          The form already on your website stops working at once: paste the new HTML there afterwards. Do this if the
          address has been misused for spam.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close}>
            Keep the current key
          </Button>
          <Button
            color="red"
            loading={regenerate.isPending}
            onClick={() =>
              regenerate.mutateAsync().then(() => {
                confirm.close();
                toastSuccess('A new key is ready. Paste the new HTML into your website.');
              }, showSubmitError)
            }
          >
            Regenerate key
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
