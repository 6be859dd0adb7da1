import { type LienDeadlineResult, P, type Profile } from '@atelier/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { authKeys } from '../../../lib/auth-api';
import LienCalculatorPage from './lien-calculator-page';

const NO_RULE: LienDeadlineResult = {
  rulesVersion: '2026-11-24',
  disclaimer: 'Deadline reminders only, not legal advice.',
  status: 'no_rule',
  message: 'no rule for this state',
  deadlines: [],
};

/** The calculator at `search`, for someone with the liens code in a firm with the Mechanic liens module. */
async function open(search: string, answer: () => Response) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(decodeURIComponent(url));
    return answer();
  });
  const { queryClient } = renderSignedIn(<Route path="/a/liens/deadlines" element={<LienCalculatorPage />} />, {
    codes: [P.MODIFY_MECHANIC_LIENS],
    path: `/a/liens/deadlines${search}`,
  });
  await act(async () => {
    queryClient.setQueryData<Profile>(authKeys.profile, (p) => ({
      ...p!,
      firm: { ...p!.firm, features: ['mechanic_leins'] },
    }));
  });
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the lien deadline calculator', () => {
  it('asks nothing until a state, role and project type are chosen', async () => {
    const urls = await open('?state=CA', () => Response.json(NO_RULE));
    expect(await screen.findByRole('heading', { name: 'Lien deadline calculator' })).toBeTruthy();
    expect(screen.getByText(/Choose a state, your role and the project type/)).toBeTruthy();
    expect(urls).toEqual([]);
  });

  it('asks with the address’s fields, flags comma-separated, and shows "no rule for this state"', async () => {
    const urls = await open('?state=or&role=prime&projectType=commercial&flags=homestead,public', () =>
      Response.json(NO_RULE),
    );
    expect(await screen.findByText('no rule for this state')).toBeTruthy();
    expect(urls).toEqual(['/api/v1/liens/deadlines?state=OR&role=prime&projectType=commercial&flags=homestead,public']);
  });

  it('asks again when a field changes', async () => {
    const urls = await open('?state=OR&role=prime&projectType=commercial', () => Response.json(NO_RULE));
    await screen.findByText('no rule for this state');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Homestead' }));
    await waitFor(() => expect(urls).toHaveLength(2));
    expect(urls[1]).toContain('flags=homestead');
  });

  it('shows the server’s message under the field it is about', async () => {
    await open(
      '?state=CA&role=prime&projectType=commercial&firstFurnishingDate=2026-03-01&lastFurnishingDate=2026-02-01',
      () =>
        Response.json(
          {
            error: {
              code: 'validation',
              message: 'Check the highlighted fields.',
              fields: { lastFurnishingDate: 'The last furnishing date cannot be before the first.' },
            },
          },
          { status: 400 },
        ),
    );
    const message = await screen.findByText('The last furnishing date cannot be before the first.');
    const input = screen.getByLabelText('Last furnishing date');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByText('Correct the fields marked in red.')).toBeTruthy();
  });
});
