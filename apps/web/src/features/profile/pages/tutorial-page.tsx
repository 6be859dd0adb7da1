import { FEATURES, type FeatureKey, P } from '@atelier/contracts';
import { Anchor, Badge, Card, Group, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconCheck, IconPoint } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { useProfile } from '../../../lib/session';
import { useOnboarding } from '../../onboarding/api';

type Step = { title: string; text: string; href: string; done?: boolean; show: boolean };

/** Getting started, read from the firm's real state and the modules it has enabled. */
export default function TutorialPage() {
  const profile = useProfile();
  const { can } = useCan();
  const onboarding = useOnboarding().data;
  const steps: Step[] = [
    {
      title: 'Describe your firm',
      text: 'Name, logo, website, currency and time zone appear on your documents and your store.',
      href: '/s/firm',
      done: onboarding?.steps.firm,
      show: can(P.MODIFY_FIRM_SETTINGS),
    },
    {
      title: 'Choose your modules',
      text: 'Turn on what your firm uses; each module shows its monthly price.',
      href: '/u/profile/billing',
      done: onboarding?.steps.modules,
      show: true,
    },
    {
      title: 'Add your warehouse',
      text: 'Stock, deliveries and purchase orders are counted per warehouse. The default one is used when none is chosen.',
      href: '/s/warehouses',
      done: onboarding?.steps.warehouse,
      show: can(P.MODIFY_WAREHOUSES),
    },
    {
      title: 'Set up roles',
      text: 'A role is a named set of permissions, such as Sales or Accounting. People get what their roles allow.',
      href: '/s/organization',
      show: can(P.MODIFY_ROLES),
    },
    {
      title: 'Invite your team',
      text: 'Each person gets an email to choose their password, and you are told when they join.',
      href: '/s/manage',
      done: onboarding?.steps.team,
      show: can(P.VIEW_PERMISSIONS),
    },
    {
      title: 'Make Atelier yours',
      text: 'Add your photo, and switch between light and dark mode with the button at the top.',
      href: '/u/profile/settings',
      show: true,
    },
  ].filter((s) => s.show);
  const enabled = profile.firm.features.filter((f): f is FeatureKey => f in FEATURES);

  return (
    <Stack maw={860} mx="auto">
      <PageHeader
        title="Getting started"
        description="The first steps in Atelier, in the order most firms take them."
      />
      <Card withBorder padding="lg">
        <Timeline active={-1} bulletSize={26} lineWidth={2}>
          {steps.map((step) => (
            <Timeline.Item
              key={step.href}
              title={
                <Group gap="xs">
                  <Anchor component={Link} to={step.href} fw={600}>
                    {step.title}
                  </Anchor>
                  {step.done && (
                    <Badge color="green" variant="light" size="sm">
                      Done
                    </Badge>
                  )}
                </Group>
              }
              bullet={
                <ThemeIcon
                  size={26}
                  radius="xl"
                  color={step.done ? 'green' : 'gray'}
                  variant={step.done ? 'filled' : 'light'}
                >
                  {step.done ? <IconCheck size={14} /> : <IconPoint size={14} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" c="dimmed">
                {step.text}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="xs">
          Your firm’s modules
        </Title>
        {enabled.length === 0 ? (
          <Text c="dimmed">
            No modules are enabled yet.{' '}
            <Anchor component={Link} to="/u/profile/billing">
              Choose some
            </Anchor>
            .
          </Text>
        ) : (
          <Stack gap="sm" data-testid="tutorial-modules">
            {enabled.map((key) => (
              <div key={key}>
                <Text fw={600}>{FEATURES[key].label}</Text>
                <Text size="sm" c="dimmed">
                  {FEATURES[key].description}
                </Text>
              </div>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
