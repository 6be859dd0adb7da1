import { P, type Profile } from '@atelier/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../test/render-signed-in';
import { authKeys } from '../../lib/auth-api';
import { formatTime } from '../../lib/format';
import { ClockCard } from './clock-card';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const task = {
  _id: id(7),
  name: 'Measure the pantry',
  customerJob: { _id: id(50), name: 'Kitchen remodel' },
  taskType: null,
  entityID: null,
  account: null,
};
const clockedOut = {
  _id: id(1),
  first_name: 'Sam',
  last_name: 'Carter',
  kind: 'staff',
  permissions: [{ permissions: [P.GENERIC] }],
  firm: { features: [] },
  subscriptions: [],
  currentTask: task,
  clocked_in: false,
  clocked_in_since: null,
} as unknown as Profile;
const since = new Date();
since.setHours(8, 2, 0, 0);
const clockedIn = { ...clockedOut, clocked_in: true, clocked_in_since: since.toISOString() } as Profile;

async function renderCard(profile: Profile, answer: Profile) {
  const sent: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push(`${init.method ?? 'GET'} ${new URL(url, 'http://app').pathname}`);
    return Response.json(answer);
  });
  const result = renderSignedIn(<Route path="*" element={<ClockCard compact />} />);
  await act(async () => result.queryClient.setQueryData(authKeys.profile, profile));
  return { ...result, sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('the time clock', () => {
  it('clocks in on the current task, and the session’s profile (the avatar’s ring) follows', async () => {
    const user = userEvent.setup();
    const { queryClient, sent } = await renderCard(clockedOut, clockedIn);
    expect(await screen.findByText('Measure the pantry')).toBeTruthy();
    expect(screen.getByText('Clocked out')).toBeTruthy();
    expect(screen.getByText('Kitchen remodel')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clock in' }));
    expect(await screen.findByText(`since ${formatTime(since.toISOString())}`)).toBeTruthy();
    expect(screen.getByText('Clocked in')).toBeTruthy();
    expect(sent).toContain('POST /api/v1/profile/clock-in');
    expect(queryClient.getQueryData<Profile>(authKeys.profile)?.clocked_in).toBe(true);
    expect(screen.getByRole('button', { name: 'Clock out' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open your timesheet' }).getAttribute('href')).toBe('/u/profile/timesheet');
  });

  it('changes the task to a name typed, with no board task', async () => {
    const user = userEvent.setup();
    const { sent } = await renderCard(clockedIn, {
      ...clockedIn,
      currentTask: { ...task, _id: null, name: 'Shop cleanup' },
    });
    await user.click(screen.getByRole('button', { name: 'Change task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change task' });
    const name = within(dialog).getByRole('textbox', { name: 'Task' });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Change task' }));
    expect(await within(dialog).findByText('Name the task.')).toBeTruthy();
    await user.type(name, 'Shop cleanup');
    const bodies: unknown[] = [];
    const fetchNow = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (init.body) bodies.push(JSON.parse(String(init.body)));
      return fetchNow(url, init);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Change task' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      task: 'Shop cleanup',
      _id: null,
      metaData: { customerJob: id(50), taskType: null, entityID: null, account: null },
    });
    expect(sent.at(-1)).toBe('POST /api/v1/profile/change-task');
  });
});
