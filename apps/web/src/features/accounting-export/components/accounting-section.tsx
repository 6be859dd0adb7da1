import { ACCOUNTING_SYSTEM_LABELS, P } from '@atelier/contracts';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useAccountingMapping, useForgetSynced } from '../api';
import { ExportForm } from './export-form';
import { ExportLog } from './export-log';
import { MappingForm } from './mapping-form';

/**
 * /s/firm/integrations, "Accounting software": the software and the account mapping (104 to
 * change, 159 to read), the export of a period and the sync log (159), and starting over (105).
 */
export function AccountingSection() {
  const { can } = useCan();
  const mapping = useAccountingMapping();
  const forget = useForgetSynced();
  const exporting = can(P.ACCESS_ACCOUNTING_SOFTWARE);
  if (!exporting && !can(P.MODIFY_INTEGRATIONS)) return null;
  return (
    <Stack>
      <Card withBorder padding="lg">
        <Stack>
          <div>
            <Title order={2} size="h4">
              Accounting software
            </Title>
            <Text size="sm" c="dimmed" maw={720}>
              Invoices, payments, credit memos and refunds go to your books as journal entries, each account named as
              your chart of accounts names it.
              {mapping.data ? ` Your books: ${ACCOUNTING_SYSTEM_LABELS[mapping.data.system]}.` : ''}
            </Text>
          </div>
          {mapping.isError && <Text c="red">{mapping.error.message}</Text>}
          {mapping.data && <MappingForm mapping={mapping.data} editable={can(P.MODIFY_INTEGRATIONS)} />}
        </Stack>
      </Card>
      {exporting && (
        <Card withBorder padding="lg">
          <Stack>
            <Title order={2} size="h4">
              Export
            </Title>
            {mapping.data && <ExportForm adapter={mapping.data.adapter} />}
          </Stack>
        </Card>
      )}
      {exporting && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Sync log
            </Title>
            {can(P.DELETE_INTEGRATIONS) && (
              <Button
                size="xs"
                color="red"
                variant="subtle"
                loading={forget.isPending}
                onClick={async () => {
                  if (
                    !window.confirm(
                      'Forget what was sent? The next export sends every document of its period again, as if never sent. Do this only when you start with new books.',
                    )
                  )
                    return;
                  try {
                    const { forgotten } = await forget.mutateAsync();
                    toastSuccess(`${forgotten} document${forgotten === 1 ? '' : 's'} will be sent again.`);
                  } catch (error) {
                    showSubmitError(error);
                  }
                }}
              >
                Start over
              </Button>
            )}
          </Group>
          <ExportLog empty="Nothing has been exported yet." />
        </Stack>
      )}
    </Stack>
  );
}
