import { type Email, type EmailSend, P, type SegmentCount } from '@atelier/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { EMPTY_SEGMENT } from '../segment';
import { SendDialog } from './send-dialog';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const email = {
  _id: id(1),
  name: 'Spring sale',
  subject: 'Spring sale, {{first_name}}',
  preheader: '',
  blocks: [{ type: 'heading', text: 'Spring sale' }],
  sends: 0,
  lastSentAt: null,
  archived: false,
  version: 2,
} as unknown as Email;

const started = (over: Partial<EmailSend> = {}): EmailSend => ({
  _id: id(9),
  status: 'sending',
  subject: email.subject,
  segment: EMPTY_SEGMENT,
  ratePerMinute: 120,
  createdAt: '2031-03-01T15:30:00.000Z',
  by: null,
  recipients: 2,
  waiting: 2,
  delivered: 0,
  bounced: 0,
  skipped: 0,
  opened: 0,
  clicked: 0,
  unsubscribed: 0,
  ...over,
});

type Call = { method: string; url: string; body: unknown };

/** The server: the segment's count, the accounts picker's list, and the send's answer. */
function serve(count: SegmentCount, send: { status: number; body: unknown } = { status: 201, body: started() }) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const json = (status: number, data: unknown) => new Response(JSON.stringify(data), { status });
    if (url.startsWith('/api/v1/email-segments/count')) return json(200, count);
    if (url.startsWith(`/api/v1/emails/${email._id}/sends`)) return json(send.status, send.body);
    return json(200, { items: [], total: { count: 0, exact: true }, next: null });
  });
  return calls;
}

function open() {
  const onClose = vi.fn();
  renderSignedIn(<Route path="/" element={<SendDialog email={email} opened onClose={onClose} />} />, {
    codes: [P.SEND_MARKETING_EMAIL],
  });
  return onClose;
}

const dana = { _id: id(2), name: 'Dana Reyes', email: 'dana@example.com' };
const sam = { _id: id(3), name: 'Sam Ortiz', email: 'sam@example.com' };

afterEach(() => vi.unstubAllGlobals());

describe('sending an email to a segment', () => {
  it('counts who it reaches, names the first few, and sends to them at the rate chosen', async () => {
    const calls = serve({ count: 2, sample: [dana, sam] });
    const onClose = open();
    expect(await screen.findByText('Reaches 2 customers who agreed to marketing emails')).toBeTruthy();
    expect(screen.getByText('Dana Reyes and Sam Ortiz')).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'Send to 2 customers' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/v1/email-segments/count')?.body).toEqual({ segment: EMPTY_SEGMENT });
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/sends'))?.body).toEqual({
      segment: EMPTY_SEGMENT,
      ratePerMinute: 120,
    });
  });

  it('sends to nobody when the segment reaches nobody', async () => {
    serve({ count: 0, sample: [] });
    open();
    expect(await screen.findByText('Reaches 0 customers who agreed to marketing emails')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send to 0 customers' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the server’s message on the field it names, and stays open', async () => {
    serve(
      { count: 2, sample: [dana, sam] },
      {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'Check the fields in red.',
            fields: { ratePerMinute: 'Send at most 600 a minute.' },
          },
        },
      },
    );
    const onClose = open();
    const button = await screen.findByRole('button', { name: 'Send to 2 customers' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Send at most 600 a minute.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
