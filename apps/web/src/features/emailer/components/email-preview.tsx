import type { EmailRendered } from '@atelier/contracts';
import { Box, Code, Group, Paper, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';

export type FrameWidth = 'desktop' | 'phone';

/** A mail app's width: the email's 600 px column with room around it, or a phone's 375 px. */
const WIDTHS: Record<FrameWidth, number> = { desktop: 660, phone: 375 };

/**
 * The email's HTML as a mail app shows it, in a frame that runs nothing (`sandbox=""`: no
 * scripts, no forms, no way out to the page), at a desktop's or a phone's width.
 */
export function EmailFrame({ html, width, height = 720 }: { html: string; width: FrameWidth; height?: number }) {
  return (
    <Box style={{ overflowX: 'auto' }}>
      <iframe
        title={`The email as customers get it, at ${width === 'phone' ? 'a phone’s' : 'a desktop’s'} width`}
        sandbox=""
        srcDoc={html}
        style={{
          display: 'block',
          margin: '0 auto',
          width: WIDTHS[width],
          // A phone's frame fits the phone it is looked at on.
          maxWidth: width === 'phone' ? '100%' : undefined,
          height,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: '#fff',
        }}
      />
    </Box>
  );
}

/**
 * The rendered email: its subject, then the HTML part (desktop or phone width) or the plain-text
 * part mail apps show when they show no HTML. `actions` go beside the width switch.
 */
export function EmailPreview(props: {
  rendered: EmailRendered;
  preheader?: string;
  initialWidth?: FrameWidth;
  height?: number;
  actions?: ReactNode;
}) {
  const { rendered } = props;
  // On a phone, the phone's view first.
  const narrow = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false }) ?? false;
  const [width, setWidth] = useState<FrameWidth>(props.initialWidth ?? (narrow ? 'phone' : 'desktop'));
  return (
    <Stack gap="sm">
      <Paper withBorder p="sm">
        <Text size="xs" c="dimmed">
          Subject
        </Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {rendered.subject}
        </Text>
        {props.preheader && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {props.preheader}
          </Text>
        )}
      </Paper>
      <Tabs defaultValue="html" keepMounted={false}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Tabs.List>
            <Tabs.Tab value="html">Email</Tabs.Tab>
            <Tabs.Tab value="text">Plain text</Tabs.Tab>
          </Tabs.List>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              aria-label="Width"
              value={width}
              onChange={(v) => setWidth(v as FrameWidth)}
              data={[
                { value: 'desktop', label: 'Desktop' },
                { value: 'phone', label: 'Phone' },
              ]}
            />
            {props.actions}
          </Group>
        </Group>
        <Tabs.Panel value="html" pt="sm">
          <EmailFrame html={rendered.html} width={width} height={props.height} />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <Text size="sm" c="dimmed" mb="xs">
            What mail apps show when they show no HTML (and what spam filters read too).
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {rendered.text}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
