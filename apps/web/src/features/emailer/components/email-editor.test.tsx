import type { Email } from '@atelier/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailEditor } from './email-editor';

const ID = '019a0000-0000-7000-8000-000000000001';

const email = {
  _id: ID,
  name: 'Spring sale',
  subject: 'Spring sale, {{first_name}}',
  preheader: 'Ten days only',
  blocks: [
    { type: 'heading', text: 'Spring sale' },
    { type: 'button', label: 'Shop now', url: 'https://example.com/sale' },
  ],
  sends: 0,
  lastSentAt: null,
  archived: false,
  version: 4,
} as unknown as Email;

type Call = { method: string; url: string; body: unknown };

function serve(put: { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const answer = method === 'PUT' ? put : { status: 200, body: email };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return calls;
}

function open() {
  const router = createMemoryRouter(
    [
      {
        path: '/u/emailer/:id/editor',
        element: (
          <>
            <Link to="/u/emailer">Emails</Link>
            <EmailEditor record={email} />
          </>
        ),
      },
      { path: '/u/emailer', element: <p>The list</p> },
    ],
    { initialEntries: [`/u/emailer/${ID}/editor`] },
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

// Mantine's autosize text box (the footer block's) listens for fonts loading; happy-dom has no `document.fonts`.
(document as { fonts?: unknown }).fonts ??= { addEventListener: () => {}, removeEventListener: () => {} };

afterEach(() => vi.unstubAllGlobals());

describe('the email editor', () => {
  it('moves a block with its arrows and saves the whole email on its version', async () => {
    const calls = serve({ status: 200, body: email });
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Move Button 2: Shop now up' }));
    expect(screen.getByRole('group', { name: 'Button 1: Shop now' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: `/api/v1/emails/${ID}`,
      body: {
        name: 'Spring sale',
        subject: 'Spring sale, {{first_name}}',
        preheader: 'Ten days only',
        blocks: [email.blocks[1], email.blocks[0]],
        version: 4,
      },
    });
  });

  it('adds a block from the menu of the six kinds', () => {
    serve({ status: 200, body: email });
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Add a block' }));
    fireEvent.click(screen.getByRole('menuitem', { name: /Footer/ }));
    expect(screen.getByRole('group', { name: 'Footer 3' })).toBeTruthy();
  });

  it('shows the server’s message on the field of the block it names', async () => {
    const message = 'Use an address starting with https://, http:// or mailto:.';
    serve({
      status: 400,
      body: { error: { code: 'validation', message: 'Check the fields in red.', fields: { 'blocks.1.url': message } } },
    });
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const block = screen.getByRole('group', { name: 'Button 2: Shop now' });
    expect(await within(block).findByText(message)).toBeTruthy();
  });

  it('asks before leaving with unsaved changes', async () => {
    serve({ status: 200, body: email });
    open();
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Spring sale' } });
    await waitFor(() => expect(screen.getByText('Unsaved changes.')).toBeTruthy());
    fireEvent.click(screen.getByRole('link', { name: 'Emails' }));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay and keep editing' }));
    await waitFor(() => expect(screen.queryByText('Leave without saving?')).toBeNull());
    expect(screen.queryByText('The list')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Emails' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('The list')).toBeTruthy();
  });
});
