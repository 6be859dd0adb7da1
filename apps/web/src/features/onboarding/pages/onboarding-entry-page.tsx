import { Button, Card, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import OnboardingPage from './onboarding-page';

const STEPS: [title: string, what: string][] = [
  ['Your firm', 'Its name, logo, website, currency and time zone, printed on what you send customers.'],
  ['Modules', 'The parts of Atelier your firm pays for, month by month; change them at any time.'],
  ['Warehouse', 'Where your stock is kept, so orders and purchase orders know where goods come and go.'],
  ['Team', 'Invite your colleagues by email and give each a role: sales, warehouse, accounting or your own.'],
  ['Finish', 'Start empty, or with sample roles and departments to try things out first.'],
];

/** /onboarding for a visitor (spec section 2: a public route): what setting up a firm involves. */
function OnboardingIntro() {
  return (
    <Center py="xl" px="md">
      <Stack maw={640} gap="lg">
        <div>
          <Title order={1} size="h2">
            Set up your firm in Atelier
          </Title>
          <Text mt="xs">
            Register your firm, then a few steps make Atelier ready for your team. Each step can be changed later in
            your settings.
          </Text>
        </div>
        <Card withBorder padding="lg">
          <List type="ordered" spacing="sm">
            {STEPS.map(([title, what]) => (
              <List.Item key={title}>
                <Text fw={600} span>
                  {title}:
                </Text>{' '}
                {what}
              </List.Item>
            ))}
          </List>
        </Card>
        <Group>
          <Button component={Link} to="/register">
            Register your firm
          </Button>
          <Button component={Link} to="/" variant="default">
            Sign in
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

/** /onboarding: the set-up steps for a signed-in administrator, and what they involve for a visitor. */
export default function OnboardingEntryPage() {
  const { status, profile } = useSession();
  if (status === 'loading')
    return (
      <Center py="xl">
        <Loader aria-label="Loading your session" />
      </Center>
    );
  return profile ? <OnboardingPage /> : <OnboardingIntro />;
}
