import { P, type TimeEntry, type Timesheet } from '@atelier/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { formatTime } from '../../../lib/format';
import TimesheetPage from './timesheet-page';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const sam = { _id: id(1), name: 'Sam Carter' };

function entry(n: number, over: Partial<TimeEntry> = {}): TimeEntry {
  return {
    _id: id(100 + n),
    version: 1,
    archived: false,
    createdAt: '2030-05-06T08:00:00.000Z',
    updatedAt: '2030-05-06T08:00:00.000Z',
    updatedBy: null,
    name: `Entry ${n}`,
    person: sam,
    task: `Task ${n}`,
    taskId: null,
    taskType: null,
    customerJob: null,
    account: null,
    startedAt: '2030-05-06T13:00:00.000Z',
    endedAt: '2030-05-06T15:30:00.000Z',
    minutes: 150,
    source: 'clock',
    autoClosed: false,
    note: '',
    reason: '',
    day: '2030-05-06',
    week: '2030-05-06',
    locked: false,
    ...over,
  };
}

const days = (byDate: Record<string, TimeEntry[]>) =>
  ['2030-05-06', '2030-05-07', '2030-05-08', '2030-05-09', '2030-05-10', '2030-05-11', '2030-05-12'].map((date) => {
    const entries = byDate[date] ?? [];
    return { date, entries, minutes: entries.reduce((sum, e) => sum + (e.minutes ?? 0), 0) };
  });

function sheet(over: Partial<Timesheet> = {}): Timesheet {
  return {
    person: sam,
    week: '2030-05-06',
    status: 'open',
    version: 3,
    submittedAt: null,
    decidedBy: null,
    decidedAt: null,
    returnNote: '',
    days: days({
      '2030-05-06': [entry(1, { customerJob: { _id: id(50), name: 'Kitchen remodel' } })],
      '2030-05-07': [
        entry(2, {
          day: '2030-05-07',
          startedAt: '2030-05-07T13:00:00.000Z',
          endedAt: '2030-05-08T00:00:00.000Z',
          minutes: 660,
          autoClosed: true,
        }),
      ],
    }),
    totals: { minutes: 810, overtimeMinutes: 0, flagged: 1 },
    maySubmit: true,
    mayDecide: false,
    ...over,
  };
}

/** The server: the week asked for (answering `answer`), the week steps, and what each request was. */
function serve(answer: Timesheet, after?: Timesheet) {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const { pathname, searchParams } = new URL(url, 'http://app');
    const method = init.method ?? 'GET';
    calls.push({ method, path: pathname, query: searchParams, body: init.body ? JSON.parse(String(init.body)) : null });
    const json = (body: unknown) => Response.json(body);
    if (pathname === '/api/v1/timesheet') return json(answer);
    if (pathname.startsWith('/api/v1/timesheet/') && pathname !== '/api/v1/timesheet/pending')
      return json(after ?? answer);
    if (pathname === '/api/v1/timesheet/pending') return json([]);
    if (pathname === '/api/v1/people') return json([sam]);
    return json({});
  });
  return calls;
}

const renderPage = (codes: number[] = [P.GENERIC], path = '/u/profile/timesheet') =>
  renderSignedIn(<Route path="/u/profile/timesheet" element={<TimesheetPage />} />, { codes, path });

const dayOf = (label: string) => screen.getByRole('region', { name: label });

// Mantine's growing text boxes listen for web fonts loading; happy-dom has no `document.fonts`.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
});
afterEach(() => vi.unstubAllGlobals());

describe('the timesheet', () => {
  it('shows the week day by day: each entry’s times, task, job and counted hours, and the days’ totals', async () => {
    serve(sheet());
    renderPage();
    const monday = await screen.findByRole('region', { name: 'Mon, May 6' });
    expect(screen.getByText('Week of May 6 – 12, 2030')).toBeTruthy();
    expect(
      within(monday).getByText(`${formatTime('2030-05-06T13:00:00.000Z')} – ${formatTime('2030-05-06T15:30:00.000Z')}`),
    ).toBeTruthy();
    const task = within(monday).getByRole('link', { name: 'Task 1' });
    expect(task.getAttribute('href')).toBe(`/u/profile/timesheet/${id(101)}`);
    expect(within(monday).getByText('Kitchen remodel')).toBeTruthy();
    expect(within(monday).getByLabelText('Counted').textContent).toBe('2:30');
    expect(within(monday).getByLabelText('Day total').textContent).toBe('2:30');
    expect(within(dayOf('Wed, May 8')).getByLabelText('Day total').textContent).toBe('0:00');
  });

  it('flags an entry closed automatically, and counts the flags with the week’s hours and overtime', async () => {
    serve(sheet({ totals: { minutes: 2_730, overtimeMinutes: 330, flagged: 1 } }));
    renderPage();
    const tuesday = await screen.findByRole('region', { name: 'Tue, May 7' });
    expect(within(tuesday).getByText('Closed automatically — check it')).toBeTruthy();
    expect(within(dayOf('Mon, May 6')).queryByText('Closed automatically — check it')).toBeNull();
    const figure = (label: string) => screen.getByText(label).parentElement!.textContent;
    expect(figure('Hours')).toBe('Hours45:30');
    expect(figure('Overtime')).toBe('Overtime5:30');
    expect(figure('To check')).toContain('1');
    // No cost in the answer (the viewer lacks 53): no cost shown.
    expect(screen.queryByText('Labour cost')).toBeNull();
  });

  it('shows the labour cost when the answer has it', async () => {
    serve(sheet({ totals: { minutes: 810, overtimeMinutes: 0, flagged: 1, costCents: 40_500 } }));
    renderPage();
    expect((await screen.findByText('Labour cost')).parentElement!.textContent).toBe('Labour cost$405.00');
  });

  it('submits an open week on the version it read, and shows the week as the server answers it', async () => {
    const submitted = sheet({
      status: 'submitted',
      version: 4,
      submittedAt: '2030-05-10T22:00:00.000Z',
      maySubmit: false,
      days: sheet().days.map((d) => ({ ...d, entries: d.entries.map((e) => ({ ...e, locked: true })) })),
    });
    const calls = serve(sheet(), submitted);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Submit week' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/timesheet/submit')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/v1/timesheet/submit')!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toMatchObject({ week: '2030-05-06', version: 3 });
    expect(await screen.findByText('Submitted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit week' })).toBeNull();
  });

  it('locks a submitted week: no adding, and its entries cannot be edited or deleted', async () => {
    serve(
      sheet({
        status: 'submitted',
        submittedAt: '2030-05-10T22:00:00.000Z',
        maySubmit: false,
        days: sheet().days.map((d) => ({ ...d, entries: d.entries.map((e) => ({ ...e, locked: true })) })),
      }),
    );
    renderPage();
    const monday = await screen.findByRole('region', { name: 'Mon, May 6' });
    expect(screen.getByText('Submitted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add entry' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit week' })).toBeNull();
    expect(within(monday).queryByRole('button', { name: /^Add an entry/ })).toBeNull();
    expect((within(monday).getByRole('button', { name: 'Edit the entry Task 1' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (within(monday).getByRole('button', { name: 'Delete the entry Task 1' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('opens an entry to correct, asking why it changes', async () => {
    serve(sheet());
    const user = userEvent.setup();
    renderPage();
    const monday = await screen.findByRole('region', { name: 'Mon, May 6' });
    await user.click(within(monday).getByRole('button', { name: 'Edit the entry Task 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the entry' });
    expect((within(dialog).getByRole('textbox', { name: 'Task' }) as HTMLInputElement).value).toBe('Task 1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Say why this entry changes: its history keeps it.')).toBeTruthy();
  });

  it('moves to the week before, asking the server for it', async () => {
    const calls = serve(sheet());
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Previous' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/v1/timesheet' && c.query.get('week') === '2030-04-29')).toBe(true),
    );
  });

  it('lets a manager approve a submitted week, or return it with a note', async () => {
    const calls = serve(sheet({ status: 'submitted', maySubmit: false, mayDecide: true }));
    const user = userEvent.setup();
    renderPage([P.GENERIC, P.MODIFY_EMPLOYEES], `/u/profile/timesheet?person=${sam._id}&week=2030-05-06`);
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    // Shown beside the week on a wide screen, after it on a phone.
    expect(screen.getAllByText('Waiting for approval')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return the week' });
    await user.click(within(dialog).getByRole('button', { name: 'Return the week' }));
    expect(await within(dialog).findByText('Say what to fix.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Tuesday ran to midnight.');
    await user.click(within(dialog).getByRole('button', { name: 'Return the week' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/timesheet/return')).toBe(true));
    expect(calls.find((c) => c.path === '/api/v1/timesheet/return')!.body).toEqual({
      person: sam._id,
      week: '2030-05-06',
      version: 3,
      note: 'Tuesday ran to midnight.',
    });
  });
});
