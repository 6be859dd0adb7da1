import { Card, Group, Stack, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One step of an import's page, numbered in the order the work goes (file, mapping, check, import). */
export function StepCard({
  step,
  title,
  aside,
  children,
}: {
  step?: number;
  title: string;
  /** What shows at the step's right: its state, its action. */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            {step !== undefined && (
              <ThemeIcon radius="xl" variant="light" aria-hidden>
                {step}
              </ThemeIcon>
            )}
            <Title order={2} size="h4">
              {title}
            </Title>
          </Group>
          {aside}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
