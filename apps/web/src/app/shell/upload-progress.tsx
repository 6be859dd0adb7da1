import type { Progress as UploadState } from '@atelier/contracts';
import { Group, Paper, Progress, Text } from '@mantine/core';
import { useUploadProgress } from '../../lib/progress';

/** Visible while an upload runs (total above 0). */
export function UploadProgress() {
  return <UploadProgressBar progress={useUploadProgress()} />;
}

/**
 * The bar, its label and percent, and its stages with their counts (spec section 3 "Upload
 * progress"): those done ticked, the current one in bold, those to come dimmed.
 */
export function UploadProgressBar({ progress }: { progress: UploadState }) {
  if (progress.total <= 0) return null;
  const percent = Math.min(100, Math.round((progress.current / progress.total) * 100));
  return (
    <Paper
      role="status"
      aria-live="polite"
      shadow="md"
      withBorder
      p="xs"
      style={{
        position: 'fixed',
        left: '50%',
        transform: 'translateX(-50%)',
        bottom: 16,
        width: 'min(420px, 92vw)',
        zIndex: 300,
      }}
    >
      <Text size="xs" mb={4} truncate>
        {progress.label} · {percent}%
      </Text>
      {progress.stages.length > 0 && (
        <Group gap="xs" mb={4} wrap="wrap">
          {progress.stages.map((stage, i) => (
            <Text
              key={stage.label}
              size="xs"
              fw={i === progress.stage ? 600 : 400}
              c={i > progress.stage ? 'dimmed' : undefined}
              aria-current={i === progress.stage ? 'step' : undefined}
            >
              {i < progress.stage ? '✓ ' : ''}
              {stage.label} ({stage.count.toLocaleString('en-US')})
            </Text>
          ))}
        </Group>
      )}
      <Progress value={percent} size="sm" aria-label="Upload progress" />
    </Paper>
  );
}
