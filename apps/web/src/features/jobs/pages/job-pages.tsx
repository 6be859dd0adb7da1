import {
  type CustomerJob,
  type CustomerJobInput,
  type CustomerJobRow,
  JOB_STATUS_LABELS,
  JOB_TRANSITIONS,
  type JobStatus,
  type JobTransition,
  KINDS,
  recordHref,
} from '@atelier/contracts';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatDate, formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { JobLienLine } from '../../liens/components/job-lien-line';
import { useSettings } from '../../settings/api';
import { customerJobs, useJobStep } from '../api';
import { ApplyTemplate } from '../components/apply-template';

const JobForm = lazyNamed(() => import('../components/job-form'), 'JobForm');

const COLORS: Record<JobStatus, string> = {
  planned: 'gray',
  scheduled: 'blue',
  in_progress: 'teal',
  on_hold: 'yellow',
  completed: 'green',
  cancelled: 'red',
};

function StatusBadge({ status }: { status: JobStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {JOB_STATUS_LABELS[status]}
    </Badge>
  );
}

// The buttons, in the order a job usually goes; each shows where it applies.
const STEPS: [JobTransition, string][] = [
  ['schedule', 'Schedule'],
  ['start', 'Start'],
  ['hold', 'Put on hold'],
  ['complete', 'Complete'],
  ['reopen', 'Reopen'],
  ['cancel', 'Cancel'],
];

function Actions({ job }: { job: CustomerJob }) {
  const { can } = useCan();
  const step = useJobStep(job._id);
  if (!can(customerJobs.kind.codes.modify) || job.archived) return null;
  const run = (s: JobTransition) => async () => {
    try {
      const done = await step.mutateAsync(s);
      toastSuccess(`${done.name} is ${JOB_STATUS_LABELS[done.status].toLowerCase()}.`);
    } catch (error) {
      showSubmitError(error);
    }
  };
  return (
    <>
      {STEPS.filter(([s]) => (JOB_TRANSITIONS[s].from as readonly JobStatus[]).includes(job.status)).map(
        ([s, label]) => (
          <Button
            key={s}
            variant={s === 'cancel' ? 'subtle' : s === 'start' || s === 'complete' ? 'filled' : 'default'}
            color={s === 'cancel' ? 'red' : undefined}
            loading={step.isPending}
            onClick={run(s)}
          >
            {label}
          </Button>
        ),
      )}
      <ApplyTemplate job={job} />
    </>
  );
}

/** The budget: revenue, cost, the margin between them, and the hours of labour. */
function Budget({ job }: { job: CustomerJob }) {
  const currency = useSettings().data?.firmSettings.currency;
  const money = (cents: number) => formatMoney(cents, currency);
  const margin = job.budgetRevenueCents - job.budgetCostCents;
  const labour: [string, string] = ['Labour', `${job.budgetHours.toLocaleString('en-US')} h`];
  // A project of the firm's own brings nothing in: what it costs, and the hours.
  const figures: [string, string][] = job.project
    ? [['Cost', money(job.budgetCostCents)], labour]
    : [
        ['Revenue', money(job.budgetRevenueCents)],
        ['Cost', money(job.budgetCostCents)],
        [
          'Margin',
          job.budgetRevenueCents > 0
            ? `${money(margin)} (${Math.round((margin / job.budgetRevenueCents) * 100)}%)`
            : money(margin),
        ],
        labour,
      ];
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <StatusBadge status={job.status} />
          <Text size="sm">
            {[
              job.startDate && `Starts ${formatDate(job.startDate)}`,
              job.endDate && `ends ${formatDate(job.endDate)}`,
              job.manager && `managed by ${job.manager.name}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Group>
        <Text fw={600}>Budget</Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {figures.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600}>{value}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** For whom: the customer and their account, or the firm itself (a project). */
function Subtitle({ job }: { job: CustomerJob }) {
  const place = [job.site.line1, job.site.city].filter(Boolean).join(', ');
  return (
    <>
      {job.customer ? (
        <Anchor component={Link} to={recordHref(KINDS.customer, job.customer._id)} inherit>
          {job.customer.name}
        </Anchor>
      ) : (
        'Project of your own'
      )}
      {job.company && (
        <>
          {' · '}
          <Anchor component={Link} to={recordHref(KINDS.company, job.company._id)} inherit>
            {job.company.name}
          </Anchor>
        </>
      )}
      {place && ` · ${place}`}
    </>
  );
}

/** Jobs: customers' remodels from planning to completion, and projects of the firm's own. */
export default recordPages<CustomerJob, CustomerJobInput, CustomerJobRow>({
  resource: customerJobs,
  form: (props) => <JobForm {...props} />,
  description: "Your customers' jobs and your own projects, from planning to completion.",
  useList: () => ({
    currency: useSettings().data?.firmSettings.currency,
    render: {
      status: (row: CustomerJobRow) => <StatusBadge status={row.status} />,
      customer: (row: CustomerJobRow) =>
        row.customer?.name ?? (
          <Text span c="dimmed" inherit>
            Project
          </Text>
        ),
    },
  }),
  newDescription: 'It starts as planned; schedule and start it from its page.',
  subtitle: (j) => <Subtitle job={j} />,
  actions: (j) => <Actions job={j} />,
  details: {
    above: (j) => (
      <>
        <Budget job={j} />
        <JobLienLine job={j} />
      </>
    ),
  },
  deleteText:
    'Deleting removes the job for good, with its files and interactions. Cancel or archive it instead to keep its history.',
  tabs: {
    tasks: () => import('./job-tasks-tab'),
    orders: () => import('./job-orders-tab'),
    invoices: () => import('./job-invoices-tab'),
    'purchase-orders': () => import('./job-purchase-orders-tab'),
    expenses: () => import('./job-expenses-tab'),
    time: () => import('./job-time-tab'),
  },
});
