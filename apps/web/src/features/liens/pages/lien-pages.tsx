import {
  KINDS,
  LIEN_DEADLINE_KIND_LABELS,
  LIEN_ROLE_LABELS,
  LIEN_STATUS_LABELS,
  type Lien,
  type LienInput,
  type LienRow,
  type LienStatus,
} from '@atelier/contracts';
import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatDate, formatMoney } from '../../../lib/format';
import { WaiversOfLien } from '../../lien-waivers/components/waivers-of-lien';
import { useSettings } from '../../settings/api';
import { liens, useLienRecordDeadlines } from '../api';
import { DeadlineList } from '../components/deadline-list';

const LienForm = lazyNamed(() => import('../components/lien-form'), 'LienForm');

const useCurrency = () => useSettings().data?.firmSettings.currency;

export const LIEN_STATUS_COLORS: Record<LienStatus, string> = {
  notice_due: 'yellow',
  notice_sent: 'blue',
  filed: 'violet',
  released: 'green',
  expired: 'red',
};

const StatusBadge = ({ status }: { status: LienStatus }) => (
  <Badge color={LIEN_STATUS_COLORS[status]} variant="light">
    {LIEN_STATUS_LABELS[status]}
  </Badge>
);

function useLienList() {
  return {
    currency: useCurrency(),
    defaultSort: 'next-deadline',
    render: { status: (row: LienRow) => <StatusBadge status={row.status} /> },
    actions: (
      <>
        <Button component={Link} to={KINDS.lien_waiver.webPath} variant="default">
          Lien waivers
        </Button>
        <Button component={Link} to={`${KINDS.lien.webPath}/deadlines`} variant="default">
          Deadline calculator
        </Button>
      </>
    ),
  };
}

/** What the lien claims and what comes next, above its form. */
function Summary({ lien }: { lien: Lien }) {
  const currency = useCurrency();
  return (
    <Card withBorder>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Owed
          </Text>
          <Text fw={600} size="lg">
            {formatMoney(lien.owedCents, currency)}
          </Text>
          <Text size="xs" c="dimmed">
            {lien.amountOwedCents === null
              ? 'The job’s unpaid invoices'
              : `As typed (unpaid invoices: ${formatMoney(lien.unpaidInvoicesCents, currency)})`}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Next deadline
          </Text>
          <Text fw={600}>
            {lien.nextDeadline
              ? `${LIEN_DEADLINE_KIND_LABELS[lien.nextDeadline.kind]}: ${formatDate(lien.nextDeadline.date)}`
              : 'None ahead'}
          </Text>
          <Anchor component={Link} to={`/u/customer-jobs/${lien.customerJob._id}`} size="xs">
            {lien.customerJob.name}
          </Anchor>
        </Stack>
        <StatusBadge status={lien.status} />
      </Group>
    </Card>
  );
}

/** The lien's deadlines from its dates and its state's rules, missed ones marked. */
function Deadlines({ lien }: { lien: Lien }) {
  const deadlines = useLienRecordDeadlines(lien._id, lien.version);
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          Deadlines
        </Title>
        {deadlines.data ? <DeadlineList result={deadlines.data} headingOrder={3} /> : <Loader size="sm" />}
      </Stack>
    </Card>
  );
}

function Waivers({ lien }: { lien: Lien }) {
  return <WaiversOfLien lien={lien} currency={useCurrency()} />;
}

/** Mechanic liens: the firm's lien rights on a customer job, with their deadlines and papers. */
const pages = recordPages<Lien, LienInput, LienRow>({
  resource: liens,
  form: (props) => <LienForm {...props} />,
  description: 'Lien rights on customer jobs: notice, recording and suit deadlines by state, and the papers sent.',
  newDescription: 'One per job: where and as whom the firm worked, and the dates its deadlines run from.',
  useList: useLienList,
  created: (l) => `${l.name} saved. Its deadlines are below.`,
  subtitle: (l) => [l.state, LIEN_ROLE_LABELS[l.role], LIEN_STATUS_LABELS[l.status]].join(' · '),
  details: {
    above: (l) => (
      <>
        <Summary lien={l} />
        <Deadlines lien={l} />
        <Waivers lien={l} />
      </>
    ),
  },
  deleteText: 'Deleting removes the lien record for good, with its files. Archive it to keep its history.',
});

export default pages;
