import { MESSAGE_STATUS_LABELS, type MessageThread, type OneMessage, P } from '@atelier/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet, Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { InteractionsWithMessagesTab as InteractionsTab } from '../pages/interactions-with-messages';
import { MessagesCard, NO_MESSAGES } from './messages-card';

// Mantine's growing text box listens for web fonts loading; happy-dom has no `document.fonts`.
(document as { fonts?: unknown }).fonts ??= { addEventListener: () => {}, removeEventListener: () => {} };

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const path = `/customers/${id(1)}`;

const message = (n: number, over: Partial<OneMessage>): OneMessage => ({
  _id: id(n),
  thread: id(20),
  channel: 'email',
  direction: 'out',
  from: 'shop@example.com',
  to: 'dana@example.com',
  subject: 'Your order',
  body: 'Hello',
  at: '2031-03-01T15:30:00.000Z',
  by: { _id: id(9), name: 'Olivia Owner' },
  status: 'sent',
  error: null,
  ...over,
});

const orderThread: MessageThread = {
  _id: id(20),
  channel: 'email',
  subject: 'Your order',
  lastAt: '2031-03-02T09:00:00.000Z',
  messages: [
    message(1, { body: 'Your table is ready.' }),
    message(2, {
      direction: 'in',
      from: 'dana@example.com',
      to: 'reply+abc@example.com',
      by: null,
      status: 'received',
      body: '<b>Great</b> <img src=x onerror="alert(1)">\nSee you Friday.',
      at: '2031-03-02T09:00:00.000Z',
    }),
  ],
};

const textThread: MessageThread = {
  _id: id(21),
  channel: 'sms',
  subject: '',
  lastAt: '2031-03-01T10:00:00.000Z',
  messages: [message(3, { thread: id(21), channel: 'sms', to: '+15551234567', status: 'logged', body: 'On our way.' })],
};

type Call = { method: string; url: string; body: unknown };

function serve(threads: MessageThread[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const json = (status: number, data: unknown) => new Response(JSON.stringify(data), { status });
    if (url.endsWith('/messages') && method === 'GET') return json(200, threads);
    if (url.endsWith('/message-recipients'))
      return json(200, [{ channel: 'email', value: 'dana@example.com', label: 'Dana Reyes' }]);
    if (url.endsWith('/messages') && method === 'POST') return json(201, message(4, { body: String(body.body) }));
    return json(200, []);
  });
  return calls;
}

const renderCard = () =>
  renderSignedIn(<Route path="/" element={<MessagesCard kind="customer" path={path} />} />, {
    codes: [P.MODIFY_USERS],
    features: ['messaging'],
  });

afterEach(() => vi.unstubAllGlobals());

describe('a record’s messages', () => {
  it('says how replies find their way back while there are none', async () => {
    serve([]);
    renderCard();
    expect(await screen.findByText(NO_MESSAGES)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Write an email' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a text' })).toBeTruthy();
  });

  it('shows each conversation oldest first, who wrote each message, and its status', async () => {
    serve([orderThread, textThread]);
    renderCard();
    const order = await screen.findByRole('article', { name: 'Your order' });
    const lines = within(order)
      .getAllByText(/^(Sent by|Received from)/)
      .map((e) => e.textContent);
    expect(lines[0]).toMatch(/^Sent by Olivia Owner to dana@example\.com · /);
    expect(lines[1]).toMatch(/^Received from dana@example\.com · /);
    expect(within(order).getByText('Sent')).toBeTruthy();
    expect(within(order).getByText('Received')).toBeTruthy();
    const texts = screen.getByRole('article', { name: 'Text messages' });
    expect(within(texts).getByText(MESSAGE_STATUS_LABELS.logged)).toBeTruthy();
    expect(within(texts).queryByRole('button', { name: /Reply/ })).toBeNull();
  });

  it('shows a body with HTML in it as the text it is', async () => {
    serve([orderThread]);
    renderCard();
    const body = await screen.findByText(/See you Friday\./);
    expect(body.textContent).toBe('<b>Great</b> <img src=x onerror="alert(1)">\nSee you Friday.');
    expect(body.querySelector('b, img')).toBeNull();
    expect(document.querySelector('article img')).toBeNull();
  });

  it('says why a message was not delivered', async () => {
    serve([
      {
        ...orderThread,
        messages: [message(1, { status: 'failed', error: '550 No such user here' })],
      },
    ]);
    renderCard();
    expect(await screen.findByText(MESSAGE_STATUS_LABELS.failed)).toBeTruthy();
    expect(screen.getByText('The mail server answered: 550 No such user here')).toBeTruthy();
  });

  it('replies in an email conversation to whom it was with', async () => {
    const calls = serve([orderThread]);
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Reply to Your order' }));
    expect(await screen.findByRole('dialog', { name: 'Reply: Your order' })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Message'), { target: { value: 'Friday it is.' } });
    await screen.findByRole('combobox', { name: 'To' });
    fireEvent.click(screen.getByRole('button', { name: 'Send email' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      channel: 'email',
      to: 'dana@example.com',
      subject: '',
      body: 'Friday it is.',
      thread: id(20),
    });
    // The list is asked for again, so the reply shows.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.endsWith('/messages'))).toHaveLength(2));
  });
});

describe('the Interactions tab', () => {
  const renderTab = (at: string, features: string[]) => {
    const calls = serve([]);
    renderSignedIn(
      <Route path="/" element={<Outlet context={{ record: {}, path: at }} />}>
        <Route index element={<InteractionsTab />} />
      </Route>,
      { codes: [P.MODIFY_USERS], features },
    );
    return calls;
  };
  /** The tab has loaded its interactions, and neither the messages nor their code were asked for. */
  const noMessages = async (calls: Call[]) => {
    expect(await screen.findByText('No calls, emails, meetings or notes yet.')).toBeTruthy();
    expect(screen.queryByLabelText('Loading')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Write an email' })).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/messages'))).toBe(false);
  };

  it('shows messages on a customer when the firm has the messaging module', async () => {
    renderTab(path, ['messaging']);
    expect(await screen.findByText(NO_MESSAGES)).toBeTruthy();
  });

  it('leaves them out when the firm has no messaging module', async () => {
    await noMessages(renderTab(path, []));
  });

  it('leaves them out on kinds that have no messages', async () => {
    await noMessages(renderTab(`/vendors/${id(1)}`, ['messaging']));
  });
});
