import { Paper, Progress, Text } from '@mantine/core';
import { useUploadProgress } from '../../lib/progress';

/** Visible while an upload runs (total above 0). */
export function UploadProgress() {
  const progress = useUploadProgress();
  if (progress.total <= 0) return null;
  const percent = Math.min(100, Math.round((progress.current / progress.total) * 100));
  const stage = progress.stages[progress.stage]?.label;
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
        {progress.label}
        {stage ? ` · ${stage}` : ''} · {percent}%
      </Text>
      <Progress value={percent} size="sm" aria-label="Upload progress" />
    </Paper>
  );
}
