import { type Customer, P } from '@atelier/contracts';
import { Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { NoAccess } from '../../../components/no-access';
import { useRecord } from '../../../components/record/record-outlet';
import { formatDateTime } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useStoreLogin, useUpdateConsent } from '../api';

const LOGIN = {
  none: { label: 'No login', color: 'gray', text: 'This customer cannot sign in to your store yet.' },
  invited: { label: 'Invited', color: 'yellow', text: 'An invitation email was sent; it works for 7 days.' },
  active: { label: 'Active', color: 'green', text: 'This customer signs in to your store with their email address.' },
  disabled: { label: 'Disabled', color: 'red', text: 'This customer’s store login is turned off.' },
} as const;

/** Marketing consent and the store login (customer settings, 12). */
export default function CustomerSettingsTab() {
  const { record } = useRecord<Customer>();
  const { can } = useCan();
  const consent = useUpdateConsent(record._id);
  const login = useStoreLogin(record._id);
  if (!can(P.CUSTOMER_SETTINGS)) return <NoAccess message="You do not have permission to change customer settings." />;
  const state = LOGIN[record.login];
  const act = (action: 'invite' | 'disable' | 'enable', done: string) =>
    login.mutateAsync(action).then(() => toastSuccess(done), showSubmitError);
  return (
    <Stack maw={760}>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Marketing
        </Title>
        <Switch
          label="Agrees to receive marketing email"
          checked={record.marketingConsent}
          onChange={(e) =>
            consent
              .mutateAsync({ marketingConsent: e.currentTarget.checked, version: record.version })
              .then(() => toastSuccess('Marketing consent saved.'), showSubmitError)
          }
        />
        {record.consentAt && (
          <Text size="xs" c="dimmed" mt="xs">
            Given on {formatDateTime(record.consentAt)}
          </Text>
        )}
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Sales tax
        </Title>
        <Switch
          label="Exempt from sales tax"
          description="Their orders and quotes charge no tax (an account’s exemption covers its people too)."
          checked={record.taxExempt}
          onChange={(e) =>
            consent
              .mutateAsync({
                marketingConsent: record.marketingConsent,
                taxExempt: e.currentTarget.checked,
                version: record.version,
              })
              .then(() => toastSuccess('Tax exemption saved.'), showSubmitError)
          }
        />
      </Card>
      <Card withBorder padding="lg">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            Store login
          </Title>
          <Badge color={state.color}>{state.label}</Badge>
        </Group>
        <Text size="sm" c="dimmed" mb="md">
          {state.text}
        </Text>
        <Group gap="xs">
          {(record.login === 'none' || record.login === 'invited') && (
            <Button
              onClick={() => act('invite', `Invitation sent to ${record.emails[0]?.email ?? 'the customer'}.`)}
              loading={login.isPending}
            >
              {record.login === 'invited' ? 'Send the invitation again' : 'Invite to the store'}
            </Button>
          )}
          {record.login === 'active' && (
            <Button
              color="red"
              variant="light"
              onClick={() => act('disable', 'Store login disabled.')}
              loading={login.isPending}
            >
              Disable login
            </Button>
          )}
          {record.login === 'disabled' && (
            <Button variant="light" onClick={() => act('enable', 'Store login enabled.')} loading={login.isPending}>
              Enable login
            </Button>
          )}
        </Group>
      </Card>
    </Stack>
  );
}
