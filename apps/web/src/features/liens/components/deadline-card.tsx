import { LIEN_CHECK_CONDITIONS, LIEN_DISCLAIMER, type LienDeadline, type LienTrigger } from '@atelier/contracts';
import {
  Anchor,
  Badge,
  Button,
  Collapse,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
  type TitleOrder,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId } from 'react';
import { formatDate } from '../../../lib/format';

const TRIGGER_WORDS: Record<LienTrigger, string> = {
  first_furnishing: 'first furnishing',
  last_furnishing: 'last furnishing',
  completion: 'completion',
  notice_of_completion: 'notice of completion',
  recording: 'lien recording',
  each_month_furnished: 'each month furnished',
};

const CONFIDENCE_COLOR = { high: 'green', medium: 'blue', low: 'orange' } as const;

/** Texas's month furnished (YYYY-MM) as the user's locale writes it: "January 2026". */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(y!, m! - 1, 1).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
}

/** What the deadline comes to, in a few words: its last day, what it lacks, or that it does not apply. */
function headline(d: LienDeadline): string {
  if (d.state === 'needs') return `needs: ${d.needs.join(', ')}`;
  if (d.state === 'not_applicable' || !d.date) return 'does not apply';
  return formatDate(d.date);
}

/** The rule's words, with its web addresses as links (only http and https ones). */
function Source({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s;,]+)/);
  return (
    <Text size="sm">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <Anchor key={i} href={part} target="_blank" rel="noopener noreferrer" inherit>
            {part}
          </Anchor>
        ) : (
          part
        ),
      )}
    </Text>
  );
}

export function ConfidenceBadge({ confidence }: { confidence: LienDeadline['rule']['confidence'] }) {
  return (
    <Badge
      color={CONFIDENCE_COLOR[confidence]}
      variant="light"
      tt="none"
      leftSection={confidence === 'low' ? <IconAlertTriangle size={12} aria-hidden /> : undefined}
    >
      {confidence} confidence
    </Badge>
  );
}

/**
 * One deadline of a lien: its last day (or what it needs, or why it does not apply), the days it
 * moved from and is reminded on, its rule's citation and confidence, and the rule itself on demand.
 */
export function DeadlineCard({ deadline: d, headingOrder }: { deadline: LienDeadline; headingOrder: TitleOrder }) {
  const [open, { toggle }] = useDisclosure(false);
  const detailsId = useId();
  const muted = d.superseded || d.state === 'not_applicable';
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      style={{
        // The rules quote long web addresses: they wrap rather than widen a phone's page.
        overflowWrap: 'anywhere',
        // Set apart by its dashed border, badge and words, not by fading (text keeps its contrast).
        borderStyle: d.superseded ? 'dashed' : undefined,
      }}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Title order={headingOrder} size="h5" c={muted ? 'dimmed' : undefined}>
            {headline(d)}
          </Title>
          <Text size="sm" c="dimmed">
            {d.month ? `For work furnished in ${formatMonth(d.month)}` : `Runs from ${TRIGGER_WORDS[d.trigger]}`}
          </Text>
        </Stack>
        <Group gap={6} wrap="wrap">
          {'missed' in d && d.missed === true && (
            <Badge color="red" variant="filled" tt="none">
              missed
            </Badge>
          )}
          <ConfidenceBadge confidence={d.rule.confidence} />
          {d.superseded && (
            <Badge color="gray" variant="outline" tt="none">
              later of the pair
            </Badge>
          )}
          {d.reference && (
            <Badge color="gray" variant="outline" tt="none">
              for reference
            </Badge>
          )}
        </Group>
      </Group>

      <Stack gap={4} mt="xs">
        {'missed' in d && d.missed === true && (
          <Text size="sm" c="red" fw={600}>
            This day passed with nothing recorded for it on the lien.
          </Text>
        )}
        {d.superseded && <Text size="sm">The earlier date of this pair applies, not this one.</Text>}
        {d.reference && <Text size="sm">An outer limit: no reminders are set for it.</Text>}
        {d.date && d.computedDate && d.computedDate !== d.date && (
          <Text size="sm">Moved from {formatDate(d.computedDate)}, a weekend or holiday, as the rule allows.</Text>
        )}
        {d.date && d.remindOn && d.remindOn !== d.date && <Text size="sm">remind on {formatDate(d.remindOn)}</Text>}
        {d.checkConditions && (
          <Group gap={4} wrap="nowrap" c="orange">
            <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" fw={600} inherit>
              {LIEN_CHECK_CONDITIONS}
            </Text>
          </Group>
        )}
        {d.state === 'not_applicable' &&
          d.notes.map((note) => (
            <Text key={note} size="sm" component="blockquote" m={0} pl="sm" fs="italic">
              “{note}”
            </Text>
          ))}
        <Text size="sm">{d.rule.citation}</Text>
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {LIEN_DISCLAIMER}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={toggle}
            aria-expanded={open}
            aria-controls={detailsId}
            rightSection={open ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
          >
            {open ? 'Hide the rule' : 'Show the rule'}
          </Button>
        </Group>
        <Collapse expanded={open} id={detailsId}>
          <Stack gap="xs" pt={4}>
            <div>
              <Text size="sm" fw={600}>
                Conditions
              </Text>
              <Text size="sm">{d.rule.conditions}</Text>
            </div>
            {d.notes.length > 0 && (
              <div>
                <Text size="sm" fw={600}>
                  Notes
                </Text>
                <List size="sm" spacing={2}>
                  {d.notes.map((note) => (
                    <List.Item key={note}>{note}</List.Item>
                  ))}
                </List>
              </div>
            )}
            <div>
              <Text size="sm" fw={600}>
                Source
              </Text>
              <Source text={d.rule.source} />
            </div>
          </Stack>
        </Collapse>
      </Stack>
    </Paper>
  );
}
