import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { FeedPanel } from './feed-panel';

const URL_MADE = 'http://atelier.test/api/v1/public/calendar/Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg.ics';

/** The server's feed: none at first; each call's method is kept. */
function serve() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (!String(url).endsWith('/calendar/feed')) return Response.json({});
    calls.push(method);
    if (method === 'POST')
      return Response.json(
        { active: true, createdAt: '2026-11-28T08:00:00.000Z', lastUsedAt: null, url: URL_MADE },
        { status: 201 },
      );
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return Response.json({ active: false, createdAt: null, lastUsedAt: null });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('subscribing on a phone', () => {
  it('makes an address, shows it once to copy, and turns it off', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderSignedIn(<Route path="*" element={<FeedPanel />} />);
    expect(await screen.findByText('You have no calendar address yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Make my address' }));
    const address = (await screen.findByRole('textbox', { name: 'Your calendar address' })) as HTMLInputElement;
    expect(address.value).toBe(URL_MADE);
    expect(screen.getByText('Copy it now: it is shown only this once.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByText(/^Your address was made .*No calendar has read it yet\.$/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off your calendar address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Your calendar address' })).toBeNull());
    expect(screen.getByText('You have no calendar address yet.')).toBeTruthy();
    expect(calls).toEqual(['GET', 'POST', 'DELETE']);
  });
});
