import { UNSUBSCRIBE_INVALID, type UnsubscribeAnswer } from '@atelier/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UnsubscribePage from './unsubscribe-page';

type Call = { method: string; url: string };

/** The server as the page meets it: the GET answer, then the POST's. */
function serve(get: UnsubscribeAnswer | { status: number; message: string }, post?: UnsubscribeAnswer) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    const answer = method === 'POST' ? post : get;
    if (answer && 'status' in answer)
      return new Response(JSON.stringify({ error: { code: 'bad_request', message: answer.message } }), {
        status: answer.status,
      });
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  return calls;
}

function open(path: string) {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <UnsubscribePage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const subscribed = { firmName: 'Studio North', email: 'dana@example.com', subscribed: true };

afterEach(() => vi.unstubAllGlobals());

describe('the unsubscribe page', () => {
  it('asks first, then stops the marketing emails to the link’s address', async () => {
    const calls = serve(subscribed, { ...subscribed, subscribed: false });
    open('/unsubscribe/?t=abc.def');
    expect(await screen.findByText('Stop marketing emails from Studio North to dana@example.com?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText('Done. dana@example.com will get no more marketing emails from Studio North.'),
    ).toBeTruthy();
    expect(calls).toEqual([
      { method: 'GET', url: '/api/v1/public/unsubscribe?t=abc.def' },
      { method: 'POST', url: '/api/v1/public/unsubscribe?t=abc.def' },
    ]);
  });

  it('says so when the address was unsubscribed already', async () => {
    serve({ ...subscribed, subscribed: false });
    open('/unsubscribe?t=abc');
    expect(
      await screen.findByText(/dana@example\.com already gets no marketing emails from Studio North/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('shows the server’s words for a changed link, plainly', async () => {
    serve({ status: 400, message: UNSUBSCRIBE_INVALID });
    open('/unsubscribe?t=forged');
    expect(await screen.findByText(UNSUBSCRIBE_INVALID)).toBeTruthy();
  });

  it('says the link is incomplete when it has no token, and asks the server nothing', () => {
    const calls = serve(subscribed);
    open('/unsubscribe/');
    expect(screen.getByText('This link is incomplete')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
