import { type MessageRecipient, type OneMessage, P, SMS_NOT_CONNECTED } from '@atelier/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { toastSuccess } from '../../../lib/toast';
import { ComposeMessage } from './compose-message';

vi.mock('../../../lib/toast', async (original) => ({
  ...(await original<typeof import('../../../lib/toast')>()),
  toastSuccess: vi.fn(),
}));

// Mantine's growing text box listens for web fonts loading; happy-dom has no `document.fonts`.
(document as { fonts?: unknown }).fonts ??= { addEventListener: () => {}, removeEventListener: () => {} };

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const path = `/customers/${id(1)}`;

const EMAIL: MessageRecipient = { channel: 'email', value: 'dana@example.com', label: 'Dana Reyes' };
const PHONE: MessageRecipient = { channel: 'sms', value: '+15551234567', label: 'Mobile' };

const sent = (over: Partial<OneMessage>): OneMessage => ({
  _id: id(7),
  thread: id(8),
  channel: 'email',
  direction: 'out',
  from: 'shop@example.com',
  to: EMAIL.value,
  subject: 'Your order',
  body: 'Hello',
  at: '2031-03-01T15:30:00.000Z',
  by: { _id: id(9), name: 'Olivia Owner' },
  status: 'queued',
  error: null,
  ...over,
});

type Call = { method: string; url: string; body: unknown };

/** The server: the record's addresses, its email templates and a draft from one, and the send's answer. */
function serve(recipients: MessageRecipient[], answer: { status: number; body: unknown } = { status: 201, body: {} }) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const json = (status: number, data: unknown) => new Response(JSON.stringify(data), { status });
    if (url === `/api/v1${path}/message-recipients`) return json(200, recipients);
    if (url.startsWith('/api/v1/emails'))
      return json(200, {
        items: [{ _id: id(5), name: 'Thank you', subject: 'Thanks', sends: 0, lastSentAt: null }],
        total: { count: 1, exact: true },
        next: null,
      });
    if (url === `/api/v1${path}/message-drafts`)
      return json(200, { subject: 'Thanks, Dana', body: 'Dear Dana,\nthank you.' });
    if (url === `/api/v1${path}/messages` && method === 'POST') return json(answer.status, answer.body);
    return json(404, { error: { code: 'not_found', message: 'Not here.' } });
  });
  return calls;
}

function open(
  props: { channel?: 'email' | 'sms'; codes?: number[]; reply?: { thread: string; subject: string; to: string } } = {},
) {
  const onClose = vi.fn();
  renderSignedIn(
    <Route
      path="/"
      element={
        <ComposeMessage
          kind="customer"
          path={path}
          channel={props.channel ?? 'email'}
          reply={props.reply}
          onClose={onClose}
        />
      }
    />,
    { codes: props.codes ?? [P.MODIFY_USERS] },
  );
  return onClose;
}

const posted = (calls: Call[]) => calls.find((c) => c.method === 'POST' && c.url.endsWith('/messages'))?.body;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toastSuccess).mockClear();
});

describe('writing a message to a record’s person', () => {
  it('asks for a subject and the message before it sends anything', async () => {
    const calls = serve([EMAIL, PHONE]);
    open();
    expect(await screen.findByRole('combobox', { name: 'To' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send email' }));
    expect(await screen.findByText('Write a subject.')).toBeTruthy();
    expect(screen.getByText('Write the message.')).toBeTruthy();
    expect(posted(calls)).toBeUndefined();
  });

  it('sends an email to the record’s address and says so', async () => {
    const calls = serve([EMAIL, PHONE], { status: 201, body: sent({}) });
    const onClose = open();
    expect(((await screen.findByRole('combobox', { name: 'To' })) as HTMLInputElement).value).toBe(
      'Dana Reyes (dana@example.com)',
    );
    type('Subject', 'Your order');
    type('Message', 'It is ready.\nCome by any time.');
    fireEvent.click(screen.getByRole('button', { name: 'Send email' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted(calls)).toEqual({
      channel: 'email',
      to: 'dana@example.com',
      subject: 'Your order',
      body: 'It is ready.\nCome by any time.',
      thread: null,
    });
    expect(toastSuccess).toHaveBeenCalledWith('Email sent to dana@example.com.');
  });

  it('switches to a text: the phone numbers, no subject, and that texts only go to the log', async () => {
    const calls = serve([EMAIL, PHONE], {
      status: 201,
      body: sent({ channel: 'sms', to: PHONE.value, subject: '', status: 'logged' }),
    });
    const onClose = open();
    await screen.findByRole('combobox', { name: 'To' });
    expect(screen.queryByText(SMS_NOT_CONNECTED)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Text message' }));
    expect(screen.getByText(SMS_NOT_CONNECTED)).toBeTruthy();
    expect(screen.queryByLabelText('Subject')).toBeNull();
    expect(screen.queryByLabelText('From a template')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'To' }) as HTMLInputElement).value).toBe('Mobile (+15551234567)');
    type('Message', 'Your table is ready.');
    expect(screen.getByText('20 of 1,600 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send text' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted(calls)).toEqual({
      channel: 'sms',
      to: '+15551234567',
      subject: '',
      body: 'Your table is ready.',
      thread: null,
    });
    expect(toastSuccess).toHaveBeenCalledWith('Text written to the log for +15551234567.');
  });

  it('says where to add a phone number when the record has none, and sends nothing', async () => {
    serve([EMAIL]);
    open({ channel: 'sms' });
    expect(await screen.findByText(/This customer has no phone number\. Add one on its/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Details tab' }).getAttribute('href')).toBe(`/u/customers/${id(1)}`);
    expect(screen.queryByRole('combobox', { name: 'To' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send text' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Email' }));
    expect(await screen.findByRole('combobox', { name: 'To' })).toBeTruthy();
  });

  it('replies in a conversation: the same address, the thread, and the server’s “Re:” subject', async () => {
    const calls = serve([EMAIL, { channel: 'email', value: 'dana@work.example', label: 'Work' }], {
      status: 201,
      body: sent({ to: 'dana@work.example' }),
    });
    const onClose = open({ reply: { thread: id(8), subject: 'Your order', to: 'dana@work.example' } });
    expect(((await screen.findByRole('combobox', { name: 'To' })) as HTMLInputElement).value).toBe(
      'Work (dana@work.example)',
    );
    expect(screen.queryByRole('radio', { name: 'Text message' })).toBeNull();
    expect(screen.getByText('Subject: Re: Your order')).toBeTruthy();
    type('Message', 'Yes, Friday works.');
    fireEvent.click(screen.getByRole('button', { name: 'Send email' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted(calls)).toEqual({
      channel: 'email',
      to: 'dana@work.example',
      subject: '',
      body: 'Yes, Friday works.',
      thread: id(8),
    });
  });

  it('shows the server’s per-field messages and stays open', async () => {
    serve([EMAIL], {
      status: 400,
      body: {
        error: { code: 'validation', message: 'Check the fields in red.', fields: { to: 'Send only to this record.' } },
      },
    });
    const onClose = open();
    await screen.findByRole('combobox', { name: 'To' });
    type('Subject', 'Hello');
    type('Message', 'Hi');
    fireEvent.click(screen.getByRole('button', { name: 'Send email' }));
    expect(await screen.findByText('Send only to this record.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('fills subject and message from a template, asking first when words are typed', async () => {
    const calls = serve([EMAIL]);
    open({ codes: [P.MODIFY_USERS, P.MODIFY_EMAIL_TEMPLATES] });
    await screen.findByRole('combobox', { name: 'To' });
    type('Message', 'My own words');
    fireEvent.click(screen.getByRole('combobox', { name: 'From a template' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Thank you' }));
    expect(await screen.findByText('Replace what you wrote?')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/message-drafts'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Thanks, Dana'));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Dear Dana,\nthank you.');
    expect(calls.find((c) => c.url.endsWith('/message-drafts'))?.body).toEqual({ template: id(5) });
  });

  it('offers templates only to those who may read them', async () => {
    serve([EMAIL]);
    open();
    await screen.findByRole('combobox', { name: 'To' });
    expect(screen.queryByLabelText('From a template')).toBeNull();
  });
});
