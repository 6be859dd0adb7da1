import { Anchor, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconEdit, IconMessage, IconPaperclip } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/format';
import { useActivities } from './api';
import { useRecord } from './record-outlet';

const ICONS = { interaction: IconMessage, file: IconPaperclip, change: IconEdit };

/** The record's timeline: interactions, files and changes together, newest first. */
export function ActivitiesTab() {
  const { path } = useRecord<unknown>();
  const activities = useActivities(path);
  if (activities.data?.length === 0) return <Text c="dimmed">Nothing has happened yet.</Text>;
  return (
    <Timeline bulletSize={26} lineWidth={2}>
      {activities.data?.map((a) => {
        const Icon = ICONS[a.type];
        return (
          <Timeline.Item
            key={`${a.type}-${a._id}`}
            bullet={
              <ThemeIcon size={26} radius="xl" variant="light">
                <Icon size={14} />
              </ThemeIcon>
            }
            title={
              a.href ? (
                <Anchor href={a.href} download>
                  {a.title}: {a.detail}
                </Anchor>
              ) : (
                a.title
              )
            }
          >
            {!a.href && a.detail && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {a.detail}
              </Text>
            )}
            <Text size="xs" c="dimmed" mt={2}>
              {formatDateTime(a.at)} · {a.by?.name ?? 'Atelier'}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
