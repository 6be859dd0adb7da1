import {
  KINDS,
  LIEN_WAIVER_DIRECTION_LABELS,
  LIEN_WAIVER_TYPE_LABELS,
  type LienWaiver,
  type LienWaiverDirection,
  P,
  recordHref,
  waiverTypeOf,
} from '@atelier/contracts';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Fact } from '../../../components/money/fact';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';

/** Given by us or received by us, in its colour. */
export const DirectionBadge = ({ direction }: { direction: LienWaiverDirection }) => (
  <Badge color={direction === 'given' ? 'blue' : 'grape'} variant="light">
    {LIEN_WAIVER_DIRECTION_LABELS[direction]}
  </Badge>
);

/** Why a waiver has no PDF yet: the firm writes its own text, and who may do so is told where. */
export function NoTemplateNote() {
  const { can } = useCan();
  return (
    <Text size="sm">
      Add your own waiver text in{' '}
      {can(P.MECHANIC_LIEN_SETTINGS) ? (
        <Anchor component={Link} to="/s/documents" inherit>
          Settings › Documents
        </Anchor>
      ) : (
        'Settings › Documents'
      )}{' '}
      to print it: the product ships no statutory form text.
    </Text>
  );
}

/** The waiver at a glance: its kind, which way it went, for how much and through when, what it answers, and whether it is signed. */
export function WaiverSummary({ waiver, currency }: { waiver: LienWaiver; currency?: string }) {
  const answers = waiver.direction === 'given' ? waiver.payment : waiver.billPayment;
  const answersKind = waiver.direction === 'given' ? KINDS.payment : KINDS.bill_payment;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group gap="xs">
          <DirectionBadge direction={waiver.direction} />
          {waiver.signedOn ? (
            <Badge color="green" variant="light">
              Signed {formatDate(waiver.signedOn)}
            </Badge>
          ) : (
            <Badge color="yellow" variant="light">
              Not signed yet
            </Badge>
          )}
          <Text size="sm">
            <Anchor component={Link} to={recordHref(KINDS.lien, waiver.lien._id)}>
              {waiver.lien.name}
            </Anchor>
            {' · Job '}
            <Anchor component={Link} to={recordHref(KINDS.customer_job, waiver.customerJob._id)}>
              {waiver.customerJob.name}
            </Anchor>
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
          <Fact label="Kind">{LIEN_WAIVER_TYPE_LABELS[waiverTypeOf(waiver)]}</Fact>
          <Fact label="Amount">
            <Text fw={700} span>
              {formatMoney(waiver.amountCents, currency)}
            </Text>
          </Fact>
          <Fact label="Through">{waiver.throughDate ? formatDate(waiver.throughDate) : '—'}</Fact>
          <Fact label={waiver.direction === 'given' ? 'Given to' : 'Received from'}>{waiver.party}</Fact>
          <Fact label="Answers">
            {answers ? (
              <Anchor component={Link} to={recordHref(answersKind, answers._id)}>
                {answers.name}
              </Anchor>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label="Signed copy">
            {waiver.signedCopy ? (
              <Anchor href={waiver.signedCopy.url} download={waiver.signedCopy.name}>
                {waiver.signedCopy.name}
              </Anchor>
            ) : (
              'None yet: upload it on the Files tab'
            )}
          </Fact>
        </SimpleGrid>
        {!waiver.hasTemplate && <NoTemplateNote />}
      </Stack>
    </Card>
  );
}
