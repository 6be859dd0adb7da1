import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PublicMessage } from '../../proposal-approval/components/public-message';
import { useUnsubscribe, useUnsubscribeLink } from '../api';

/**
 * /unsubscribe/?t=…: the link at the foot of every marketing email. Anyone holding it, signed in
 * or not, stops the firm's marketing emails to that address with one button; the token is the
 * only key, and a changed one changes nothing.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);
  // Whether this visit did it: "Done" then, "already" when the address was off the list before.
  const [done, setDone] = useState(false);

  if (!token)
    return (
      <PublicMessage title="This link is incomplete">
        <Text>
          The unsubscribe link has lost its end, so it cannot say whose address it is for. Nothing was changed. Open the
          link from the email again (copy all of it if you paste it), or reply to the email and ask.
        </Text>
      </PublicMessage>
    );
  if (link.isPending)
    return (
      <PublicMessage title="Unsubscribe">
        <Loader aria-label="Loading" />
      </PublicMessage>
    );
  if (link.isError)
    return (
      <PublicMessage title="This link does not work">
        <Text role="alert">{link.error.message}</Text>
      </PublicMessage>
    );
  const { firmName, email, subscribed } = link.data;
  if (!subscribed)
    return (
      <PublicMessage title={done ? 'Unsubscribed' : 'Already unsubscribed'}>
        <Text role="status" style={{ overflowWrap: 'anywhere' }}>
          {done
            ? `Done. ${email} will get no more marketing emails from ${firmName}.`
            : `${email} already gets no marketing emails from ${firmName}. There is nothing more to do.`}
        </Text>
        <Text size="sm" c="dimmed">
          Emails about your own orders, quotes and invoices still come as before.
        </Text>
      </PublicMessage>
    );
  return (
    <PublicMessage title="Unsubscribe">
      <Stack>
        <Text style={{ overflowWrap: 'anywhere' }}>
          Stop marketing emails from {firmName} to {email}?
        </Text>
        {unsubscribe.isError && (
          <Alert color="red" title="That did not go through">
            {unsubscribe.error.message}
          </Alert>
        )}
        <Button
          loading={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate(undefined, { onSuccess: () => setDone(true) })}
          style={{ alignSelf: 'flex-start' }}
        >
          Unsubscribe
        </Button>
      </Stack>
    </PublicMessage>
  );
}
