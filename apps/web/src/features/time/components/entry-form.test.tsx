import { P, type TimeEntry, type TimeEntryInput } from '@atelier/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { ApiError } from '../../../lib/api';
import { EntryForm } from './entry-form';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const recorded: TimeEntry = {
  _id: id(101),
  version: 2,
  archived: false,
  createdAt: '2030-05-06T08:00:00.000Z',
  updatedAt: '2030-05-06T08:00:00.000Z',
  updatedBy: null,
  name: 'Measure the pantry',
  person: { _id: id(1), name: 'Sam Carter' },
  task: 'Measure the pantry',
  taskId: id(7),
  taskType: null,
  customerJob: null,
  account: null,
  startedAt: '2030-05-06T13:00:00.000Z',
  endedAt: '2030-05-06T15:00:00.000Z',
  minutes: 120,
  source: 'clock',
  autoClosed: true,
  note: '',
  reason: '',
  day: '2030-05-06',
  week: '2030-05-06',
  locked: false,
};

function renderForm(props: {
  entry?: TimeEntry;
  day?: string;
  onSubmit?: (input: TimeEntryInput) => Promise<unknown>;
}) {
  vi.stubGlobal('fetch', async () => Response.json({ items: [], total: 0, next: null }));
  const onSubmit = vi.fn(props.onSubmit ?? (async () => undefined));
  renderSignedIn(
    <Route
      path="*"
      element={<EntryForm entry={props.entry} day={props.day} submitLabel="Save entry" onSubmit={onSubmit} />}
    />,
    { codes: [P.GENERIC] },
  );
  return onSubmit;
}

const field = (name: string) => screen.getByLabelText(name, { exact: false }) as HTMLInputElement;
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save entry' }));

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
});
afterEach(() => vi.unstubAllGlobals());

describe('the time entry form', () => {
  it('asks for the task and the end of a new entry, each under its field', async () => {
    const onSubmit = renderForm({ day: '2030-05-07' });
    expect(field('Started').value).toBe('2030-05-07T09:00');
    await save();
    expect(await screen.findByText('Name the task.')).toBeTruthy();
    expect(screen.getByText('Enter when it ended.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an end before the start, and an entry over 24 hours', async () => {
    const onSubmit = renderForm({ day: '2030-05-07' });
    fireEvent.change(field('Task'), { target: { value: 'Site visit' } });
    fireEvent.change(field('Ended'), { target: { value: '2030-05-07T08:00' } });
    await save();
    expect(await screen.findByText('End the entry after it starts.')).toBeTruthy();
    fireEvent.change(field('Ended'), { target: { value: '2030-05-08T10:00' } });
    await save();
    expect(await screen.findByText('An entry lasts at most 24 hours.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a new entry with its times as instants', async () => {
    const onSubmit = renderForm({ day: '2030-05-07' });
    fireEvent.change(field('Task'), { target: { value: 'Site visit' } });
    fireEvent.change(field('Ended'), { target: { value: '2030-05-07T11:30' } });
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      person: null,
      task: 'Site visit',
      taskId: null,
      customerJob: null,
      startedAt: new Date('2030-05-07T09:00').toISOString(),
      endedAt: new Date('2030-05-07T11:30').toISOString(),
      note: '',
      reason: '',
    });
  });

  it('asks why a recorded entry changes, and keeps its board task and person', async () => {
    const onSubmit = renderForm({ entry: recorded });
    expect(field('Task').value).toBe('Measure the pantry');
    await save();
    expect(await screen.findByText('Say why this entry changes: its history keeps it.')).toBeTruthy();
    fireEvent.change(field('Why it changes'), { target: { value: 'Forgot to clock out' } });
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      person: recorded.person._id,
      taskId: recorded.taskId,
      reason: 'Forgot to clock out',
      startedAt: recorded.startedAt,
      endedAt: recorded.endedAt,
    });
  });

  it('shows the server’s message on its field', async () => {
    renderForm({
      day: '2030-05-07',
      onSubmit: async () => {
        throw new ApiError(400, 'validation', 'Check the entry.', { startedAt: 'It overlaps another entry.' });
      },
    });
    fireEvent.change(field('Task'), { target: { value: 'Site visit' } });
    fireEvent.change(field('Ended'), { target: { value: '2030-05-07T11:30' } });
    await save();
    expect(await screen.findByText('It overlaps another entry.')).toBeTruthy();
  });

  it('only shows an entry of a closed week', () => {
    renderForm({ entry: { ...recorded, locked: true } });
    expect(screen.getByText('This week is closed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save entry' })).toBeNull();
    expect(field('Task').closest('fieldset')!.disabled).toBe(true);
  });
});
