import {
  LIEN_DATE_FIELDS,
  LIEN_DATE_LABELS,
  LIEN_FLAG_LABELS,
  LIEN_FLAGS,
  LIEN_PROJECT_TYPE_LABELS,
  LIEN_PROJECT_TYPES,
  LIEN_ROLE_LABELS,
  LIEN_ROLES,
  P,
} from '@atelier/contracts';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api';
import { useCan } from '../../../lib/permissions';
import { useLienDeadlines } from '../api';
import { type CalculatorFields, calculatorQuery, readCalculator, withField } from '../calculator-params';
import { DeadlineList } from '../components/deadline-list';
import { stateOptions } from '../us-states';

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * /a/liens/deadlines (77 + Mechanic liens, issue 24): a lien's deadlines worked out from a
 * state, a role, the kind of project and its dates, without a lien record. The fields live in
 * the address, so an answer can be shared and the back button undoes a change; the answer
 * follows the fields as they change.
 */
export default function LienCalculatorPage() {
  const { can, hasFeature } = useCan();
  const allowed = can(P.MODIFY_MECHANIC_LIENS) && hasFeature('mechanic_leins');
  const [params, setParams] = useSearchParams();
  const fields = readCalculator(params);
  // Typing a date changes it digit by digit: the server is asked once the address settles.
  const [settled] = useDebouncedValue(params.toString(), 300);
  const query = useMemo(() => calculatorQuery(readCalculator(new URLSearchParams(settled))), [settled]);
  const deadlines = useLienDeadlines(allowed ? query : null);
  if (!allowed) return <NoAccess />;

  const error = deadlines.error;
  const errors = error instanceof ApiError ? error.fields : {};
  const flagError = Object.entries(errors).find(([key]) => key === 'flags' || key.startsWith('flags.'))?.[1];
  // A choice is a step the back button undoes; a date being typed replaces the address as it goes.
  const set = (key: keyof CalculatorFields, value: string, replace = false) =>
    setParams(withField(params, key, value), { replace });

  return (
    <Stack>
      <PageHeader
        title="Lien deadline calculator"
        description="A mechanic’s lien’s notice, recording and suit deadlines from its state, your role and the project’s dates. Nothing is saved."
        actions={
          params.size > 0 && (
            <Button variant="default" onClick={() => setParams(new URLSearchParams())}>
              Start over
            </Button>
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder component="form" onSubmit={(e) => e.preventDefault()} aria-label="Lien facts">
            <Stack gap="sm">
              <Select
                label="State"
                placeholder="Choose a state"
                description="Any US state; rules exist for the first group"
                data={stateOptions(fields.state || null)}
                value={fields.state || null}
                onChange={(v) => set('state', v ?? '')}
                error={errors.state}
                searchable
                clearable
                nothingFoundMessage="No state by that name"
                required
              />
              <Select
                label="Your role"
                placeholder="Choose your role"
                data={LIEN_ROLES.map((r) => ({ value: r, label: LIEN_ROLE_LABELS[r] }))}
                value={fields.role}
                onChange={(v) => set('role', v ?? '')}
                error={errors.role}
                required
              />
              <Select
                label="Project type"
                placeholder="Choose the project type"
                data={LIEN_PROJECT_TYPES.map((t) => ({ value: t, label: LIEN_PROJECT_TYPE_LABELS[t] }))}
                value={fields.projectType}
                onChange={(v) => set('projectType', v ?? '')}
                error={errors.projectType}
                required
              />
              <Checkbox.Group
                label="The project is"
                description="Some states’ rules turn on these"
                value={fields.flags}
                onChange={(v) => set('flags', LIEN_FLAGS.filter((f) => v.includes(f)).join(','))}
                error={flagError}
              >
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} verticalSpacing={6} mt={6}>
                  {LIEN_FLAGS.map((flag) => (
                    <Checkbox key={flag} value={flag} label={LIEN_FLAG_LABELS[flag]} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 1, lg: 2 }} spacing="sm" verticalSpacing="sm">
                {LIEN_DATE_FIELDS.map((field) => (
                  <TextInput
                    key={field}
                    type="date"
                    label={sentence(LIEN_DATE_LABELS[field])}
                    value={fields[field]}
                    onChange={(e) => set(field, e.currentTarget.value, true)}
                    error={errors[field]}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm" aria-live="polite" aria-busy={deadlines.isFetching}>
            <Group gap="xs">
              <Title order={2} size="h3">
                Deadlines
              </Title>
              {deadlines.isFetching && <Loader size="xs" aria-label="Working out the deadlines" />}
            </Group>
            {!query ? (
              <Text c="dimmed">Choose a state, your role and the project type to see the deadlines.</Text>
            ) : error ? (
              <Alert color="red" variant="light" title="No deadlines for these facts">
                {Object.keys(errors).length > 0 ? 'Correct the fields marked in red.' : error.message}
              </Alert>
            ) : deadlines.data ? (
              <DeadlineList result={deadlines.data} headingOrder={3} />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
