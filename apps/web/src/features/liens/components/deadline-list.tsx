import {
  LIEN_DEADLINE_KIND_LABELS,
  LIEN_DEADLINE_KINDS,
  LIEN_DISCLAIMER,
  type LienDeadlineResult,
} from '@atelier/contracts';
import { Alert, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconInfoCircle, IconScale } from '@tabler/icons-react';
import { useId } from 'react';
import { DeadlineCard } from './deadline-card';

const deeper = (order: TitleOrder): TitleOrder => Math.min(order + 1, 6) as TitleOrder;

/**
 * A lien's deadlines as the engine answered them (the calculator's, or a lien record's): the
 * disclaimer and rules version first, then the deadlines by kind, in the order work happens.
 * `headingOrder` is the level of the kinds' headings on the page it is shown on.
 */
export function DeadlineList({ result, headingOrder = 2 }: { result: LienDeadlineResult; headingOrder?: TitleOrder }) {
  const groups = LIEN_DEADLINE_KINDS.map((kind) => ({
    kind,
    deadlines: result.deadlines.filter((d) => d.kind === kind),
  })).filter((g) => g.deadlines.length > 0);
  return (
    <Stack gap="lg">
      <Alert color="yellow" variant="light" icon={<IconScale size={20} aria-hidden />} title={LIEN_DISCLAIMER}>
        <Stack gap={4}>
          {result.disclaimer !== LIEN_DISCLAIMER && <Text size="sm">{result.disclaimer}</Text>}
          {/* The alert's own colour: dimmed text on its dark-mode background falls short of contrast. */}
          <Text size="xs">Rules version {result.rulesVersion}</Text>
        </Stack>
      </Alert>
      {result.status === 'no_rule' ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={20} aria-hidden />} title="No deadlines">
          {result.message}
        </Alert>
      ) : groups.length === 0 ? (
        <Text c="dimmed">No deadlines.</Text>
      ) : (
        groups.map((g) => <KindSection key={g.kind} {...g} headingOrder={headingOrder} />)
      )}
    </Stack>
  );
}

function KindSection({
  kind,
  deadlines,
  headingOrder,
}: {
  kind: (typeof LIEN_DEADLINE_KINDS)[number];
  deadlines: LienDeadlineResult['deadlines'];
  headingOrder: TitleOrder;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={headingOrder} size="h4" id={headingId} mb="xs">
        {LIEN_DEADLINE_KIND_LABELS[kind]}
      </Title>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {deadlines.map((d) => (
          <DeadlineCard key={`${d.rule.index}:${d.month ?? ''}`} deadline={d} headingOrder={deeper(headingOrder)} />
        ))}
      </Stack>
    </section>
  );
}
