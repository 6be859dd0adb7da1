import { KINDS, type Lien, recordHref } from '@atelier/contracts';
import { Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { newWaiverHref, useWaiversOfLien } from '../api';

/** A waiver's name without its job's ("Conditional progress waiver · Kitchen"): the lien's page is the job's. */
const withoutJob = (name: string, job: string) => (name.endsWith(` · ${job}`) ? name.slice(0, -job.length - 3) : name);

/** A lien's waivers, given and received, each linking to its page; and a way to record another. */
export function WaiversOfLien({ lien, currency }: { lien: Lien; currency?: string }) {
  const waivers = useWaiversOfLien(lien._id);
  const rows = waivers.data?.items ?? [];
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Waivers
          </Title>
          <Button
            component={Link}
            to={newWaiverHref({ lien: lien._id, party: lien.hiringParty || undefined })}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
          >
            Record a waiver
          </Button>
        </Group>
        {waivers.isPending ? (
          <Loader size="sm" aria-label="Loading the waivers" />
        ) : waivers.error ? (
          <Text size="sm" c="red">
            {waivers.error.message}
          </Text>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            None yet. Record each waiver you give when paid, and each one your subcontractors and suppliers give you.
          </Text>
        ) : (
          <ScrollTable
            head={['Waiver', 'Direction', 'Other party', 'Amount', 'Through', 'Signed']}
            rows={rows.map((w) => ({
              key: w._id,
              cells: [
                <Anchor key="name" component={Link} to={recordHref(KINDS.lien_waiver, w._id)} size="sm">
                  {withoutJob(w.name, w.customerJob.name)}
                </Anchor>,
                w.direction === 'given' ? 'Given' : 'Received',
                w.party,
                formatMoney(w.amountCents, currency),
                w.throughDate ? formatDate(w.throughDate) : '—',
                w.signedOn ? formatDate(w.signedOn) : 'Not yet',
              ],
            }))}
          />
        )}
      </Stack>
    </Card>
  );
}
