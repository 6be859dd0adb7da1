import { KINDS, type MessageChannel, type MessageKind, type PersonRef, recordHref } from '@atelier/contracts';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/**
 * Said instead of the To list when the record has nothing of the channel's to send to: what is
 * missing and where to add it (a job's messages go to its customer, so there).
 */
export function NoRecipient(props: { kind: MessageKind; path: string; record?: unknown; channel: MessageChannel }) {
  const what = props.channel === 'email' ? 'email address' : 'phone number';
  const kind = KINDS[props.kind];
  const own = recordHref(kind, props.path.slice(kind.apiPath.length + 1));
  if (props.kind === 'customer_job') {
    const customer = (props.record as { customer?: PersonRef | null } | undefined)?.customer;
    if (!customer)
      return (
        <Text size="sm">
          This job has no customer to write to. Choose one on the job’s{' '}
          <Anchor component={Link} to={own}>
            Overview
          </Anchor>
          .
        </Text>
      );
    return (
      <Text size="sm">
        This job’s customer, {customer.name}, has no {what}. Add one on{' '}
        <Anchor component={Link} to={recordHref(KINDS.customer, customer._id)}>
          {customer.name}’s page
        </Anchor>
        .
      </Text>
    );
  }
  return (
    <Text size="sm">
      This {kind.noun} has no {what}. Add one on its{' '}
      <Anchor component={Link} to={own}>
        Details tab
      </Anchor>
      .
    </Text>
  );
}
