import { type CreatedApiKey, P, permissionLabel } from '@atelier/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { PermissionChecklist } from '../../../components/form/permission-checklist';
import { NoAccess } from '../../../components/no-access';
import { QueryCard } from '../../../components/query-card';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { AccountingSection } from '../../accounting-export/components/accounting-section';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api-keys';

/** Naming a key and choosing what it may do; the key itself is shown once, after. */
function NewKeyModal({ onClose, onCreated }: { onClose: () => void; onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [codes, setCodes] = useState<number[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <Modal opened onClose={onClose} title="New API key" size="xl">
      <Stack>
        <TextInput
          label="Name"
          description="What uses it, so you know which to revoke: “Accounting sync”."
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Text size="sm">
          The key acts as you, with only the permissions chosen here — and never more than you hold yourself.
        </Text>
        {errors.codes && (
          <Text size="sm" c="red">
            {errors.codes}
          </Text>
        )}
        <PermissionChecklist value={codes} onChange={setCodes} />
        <DialogActions
          onCancel={onClose}
          confirm="Create key"
          loading={create.isPending}
          onConfirm={async () => {
            try {
              onCreated(await create.mutateAsync({ name, codes }));
            } catch (error) {
              setErrors(error instanceof ApiError ? error.fields : {});
              showSubmitError(error);
            }
          }}
        />
      </Stack>
    </Modal>
  );
}

/**
 * /s/firm/integrations: the accounting software (its mapping with 104, exports with 159) and the
 * firm's API keys for its own integrations (104 to see and make, 105 to revoke).
 */
export default function FirmIntegrationsTab() {
  const { can } = useCan();
  if (!can(P.MODIFY_INTEGRATIONS) && !can(P.ACCESS_ACCOUNTING_SOFTWARE)) return <NoAccess />;
  return (
    <Stack>
      <AccountingSection />
      {can(P.MODIFY_INTEGRATIONS) && <ApiKeys />}
    </Stack>
  );
}

/** The firm's API keys (104 to see and make, 105 to revoke). */
function ApiKeys() {
  const { can } = useCan();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Stack>
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={600}>API keys</Text>
            <Text size="sm" c="dimmed" maw={640}>
              Let your own software read and change your records through the API, sending the key as{' '}
              <Code>Authorization: Bearer …</Code>. The API is described at{' '}
              <Anchor href="/api/docs" target="_blank">
                /api/docs
              </Anchor>
              .
            </Text>
          </div>
          <Button onClick={() => setCreating(true)}>New API key</Button>
        </Group>
      </Card>
      <QueryCard query={keys} empty="No API keys yet.">
        {(data) => (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Permissions</Table.Th>
                  <Table.Th>Made by</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((k) => (
                  <Table.Tr key={k._id}>
                    <Table.Td fw={500}>{k.name}</Table.Td>
                    <Table.Td>
                      <Code>{k.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={k.codes.map((c) => `${permissionLabel(c)} (${c})`).join(', ')} multiline w={320}>
                        <Text size="sm">
                          {k.codes.length} permission{k.codes.length === 1 ? '' : 's'}
                        </Text>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>{k.createdBy?.name ?? '—'}</Table.Td>
                    <Table.Td>{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'}</Table.Td>
                    <Table.Td ta="right">
                      {k.revokedAt ? (
                        <Badge color="gray" variant="light">
                          Revoked {formatDateTime(k.revokedAt)}
                        </Badge>
                      ) : (
                        can(P.DELETE_INTEGRATIONS) && (
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            loading={revoke.isPending && revoke.variables === k._id}
                            onClick={async () => {
                              if (!window.confirm(`Revoke ${k.name}? Anything using it stops working at once.`)) return;
                              try {
                                await revoke.mutateAsync(k._id);
                                toastSuccess(`${k.name} revoked.`);
                              } catch (error) {
                                showSubmitError(error);
                              }
                            }}
                          >
                            Revoke
                          </Button>
                        )
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryCard>
      {creating && (
        <NewKeyModal
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      )}
      {created && (
        <Modal opened onClose={() => setCreated(null)} title={`${created.name} is ready`} size="lg">
          <Stack>
            <Alert color="yellow" title="Copy it now">
              This is the only time the key is shown. Keep it where your integration reads its secrets.
            </Alert>
            <Code block style={{ wordBreak: 'break-all' }} data-testid="new-api-key">
              {created.key}
            </Code>
            <Group justify="flex-end">
              <CopyButton value={created.key}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy key'}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setCreated(null)}>Done</Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
