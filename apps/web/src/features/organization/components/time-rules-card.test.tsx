import { P, type SettingsValues } from '@atelier/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { hourLabel, TimeRulesCard } from './time-rules-card';

const current: SettingsValues<'employeeSettings'> = {
  defaultRole: '019a0000-0000-7000-8000-000000000009',
  clockOutHour: 20,
  roundingMinutes: 1,
  overtimeHours: 40,
};

/** The server: each save's body, answered by `answer`. */
function serve(answer: (body: unknown) => Response = (body) => Response.json({ ...current, ...(body as object) })) {
  const saved: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (init.method === 'PUT' && String(url).endsWith('/settings/employeeSettings')) {
      const body = JSON.parse(String(init.body));
      saved.push(body);
      return answer(body);
    }
    return Response.json({});
  });
  return saved;
}

const renderCard = () =>
  renderSignedIn(<Route path="*" element={<TimeRulesCard current={current} />} />, { codes: [P.EMPLOYEE_SETTINGS] });

const combobox = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;

afterEach(() => vi.unstubAllGlobals());

describe('the time rules card', () => {
  it('writes the hours as 12-hour times', () => {
    expect([0, 9, 12, 20, 23].map(hourLabel)).toEqual(['12:00 AM', '9:00 AM', '12:00 PM', '8:00 PM', '11:00 PM']);
  });

  it('shows the firm’s rules, and saves the changed ones without touching the invitation’s role', async () => {
    const saved = serve();
    const user = userEvent.setup();
    renderCard();
    expect(combobox('Automatic clock-out').value).toBe('8:00 PM');
    expect(combobox('Rounding').value).toBe('Exact minutes');
    await user.click(combobox('Automatic clock-out'));
    await user.click(await screen.findByRole('option', { name: 'Never' }));
    await user.click(combobox('Rounding'));
    await user.click(await screen.findByRole('option', { name: '15 minutes' }));
    const overtime = screen.getByRole('textbox', { name: 'Overtime after' });
    fireEvent.change(overtime, { target: { value: '37.5' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ clockOutHour: null, roundingMinutes: 15, overtimeHours: 37.5 });
  });

  it('refuses weekly hours out of range, under the field', async () => {
    const saved = serve();
    const user = userEvent.setup();
    renderCard();
    fireEvent.change(screen.getByRole('textbox', { name: 'Overtime after' }), { target: { value: '200' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use 1 to 168 hours.')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('shows the server’s message on its field', async () => {
    serve(() =>
      Response.json(
        { error: { code: 'validation', message: 'Check the rules.', fields: { roundingMinutes: 'Not now.' } } },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const card = screen.getByRole('region', { name: 'Time rules' });
    expect(await within(card).findByText('Not now.')).toBeTruthy();
  });
});
