import type { PdfVerification } from '@atelier/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import VerifyPage from './verify-page';

function serve(answer: PdfVerification) {
  const calls: { url: string; type: string | null; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, type: new Headers(init?.headers).get('content-type'), body: init?.body });
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  return calls;
}

function check(file: File) {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <VerifyPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: 'Check the PDF' }));
}

const pdf = () => new File(['%PDF-1.7 signed'], 'PR-1042-signed.pdf', { type: 'application/pdf' });

afterEach(() => vi.unstubAllGlobals());

describe('the signed PDF check', () => {
  it('sends the PDF’s own bytes and names the signed copy it matches', async () => {
    const calls = serve({
      match: true,
      sha256: 'e'.repeat(64),
      firm: 'Studio North',
      number: 'PR-1042',
      signedBy: 'Ada Lovelace',
      signedAt: '2031-03-01T15:30:00.000Z',
    });
    const file = pdf();
    check(file);
    expect(
      await screen.findByText(/This PDF is the signed copy Studio North keeps: PR-1042, signed by Ada Lovelace on/),
    ).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/v1/public/proposals/verify', type: 'application/pdf', body: file }]);
  });

  it('says when no signed copy matches, with the PDF’s SHA-256', async () => {
    serve({ match: false, sha256: 'f'.repeat(64) });
    check(pdf());
    expect(await screen.findByText('This PDF does not match any signed copy we keep.')).toBeTruthy();
    expect(screen.getByText('f'.repeat(64))).toBeTruthy();
  });

  it('asks for a PDF before sending anything else', async () => {
    const calls = serve({ match: false, sha256: '' });
    check(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Choose a PDF file: only signed PDFs can be checked.')).toBeTruthy();
    await waitFor(() => expect(calls).toEqual([]));
  });
});
