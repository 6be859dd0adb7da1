import { type CustomerJob, type JobLabour, P } from '@atelier/contracts';
import { screen, within } from '@testing-library/react';
import { Outlet, Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import JobTimeTab from './job-time-tab';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const job = { _id: id(50), name: 'Kitchen remodel', budgetCostCents: 0 } as CustomerJob;

function renderTab(labour: JobLabour) {
  vi.stubGlobal('fetch', async () => Response.json(labour));
  renderSignedIn(
    <Route element={<Outlet context={{ record: job, path: `/customer-jobs/${job._id}` }} />}>
      <Route path="*" element={<JobTimeTab />} />
    </Route>,
    { codes: [P.MODIFY_CUSTOMER_JOBS] },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a job’s time tab', () => {
  it('shows the hours against the budget, the labour cost, and each person’s hours and cost', async () => {
    renderTab({
      minutes: 1_800,
      budgetMinutes: 2_400,
      costCents: 75_000,
      byPerson: [{ person: { _id: id(1), name: 'Sam Carter' }, minutes: 1_800, costCents: 75_000 }],
    });
    expect(await screen.findByText('30:00 of 40:00 budgeted hours')).toBeTruthy();
    expect(screen.getByText('75%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Hours used: 75% of the budget' })).toBeTruthy();
    const row = screen.getByText('Sam Carter').closest('tr')!;
    expect(within(row).getByText('30:00')).toBeTruthy();
    expect(within(row).getByText('$750.00')).toBeTruthy();
    // Figures only: nothing links to the person's own records or rates.
    expect(within(row).queryByRole('link')).toBeNull();
  });

  it('says how far over budget the hours are', async () => {
    renderTab({ minutes: 2_700, budgetMinutes: 2_400, costCents: 0, byPerson: [] });
    expect(await screen.findByText('5:00 over budget')).toBeTruthy();
    expect(screen.getByText('Nobody has recorded time on Kitchen remodel yet.')).toBeTruthy();
  });
});
