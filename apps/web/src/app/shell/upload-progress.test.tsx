import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UploadProgressBar } from './upload-progress';

const renderBar = (progress: Parameters<typeof UploadProgressBar>[0]['progress']) =>
  render(
    <MantineProvider>
      <UploadProgressBar progress={progress} />
    </MantineProvider>,
  );

describe('the upload progress bar', () => {
  it('shows its stages with their counts: done ticked, the current one marked', () => {
    renderBar({
      id: 'u1',
      current: 2048,
      total: 4096,
      label: 'Uploading plan.pdf',
      stages: [
        { label: 'Uploading', count: 4096 },
        { label: 'Checking', count: 1 },
      ],
      stage: 1,
    });
    expect(screen.getByRole('status').textContent).toContain('Uploading plan.pdf · 50%');
    expect(screen.getByText('✓ Uploading (4,096)')).toBeTruthy();
    const current = screen.getByText('Checking (1)');
    expect(current.getAttribute('aria-current')).toBe('step');
  });

  it('is not there while nothing is uploading (total 0)', () => {
    renderBar({ current: 0, total: 0, label: '', stages: [], stage: 0 });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
