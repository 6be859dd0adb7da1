import type { PublicProposal } from '@atelier/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ApprovePage from './approve-page';

// happy-dom draws on no canvas: a stand-in pad that is "signed" once a stroke ends on it.
vi.mock('signature_pad', () => ({
  default: class {
    empty = true;
    listeners = new Set<() => void>();
    constructor(canvas: HTMLCanvasElement) {
      canvas.addEventListener('pointerup', () => {
        this.empty = false;
        for (const listener of this.listeners) listener();
      });
    }
    addEventListener(_type: string, listener: () => void) {
      this.listeners.add(listener);
    }
    removeEventListener(_type: string, listener: () => void) {
      this.listeners.delete(listener);
    }
    isEmpty() {
      return this.empty;
    }
    toDataURL() {
      return 'data:image/png;base64,iVBORw0KGgo=';
    }
    clear() {
      this.empty = true;
    }
    toData() {
      return [];
    }
    fromData() {}
    off() {}
  },
}));

const TOKEN = 'k3Jq9w-long-random-token';
const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const line = (n: number, name: string, cents: number, over: object = {}) => ({
  _id: id(n),
  name,
  description: '',
  unit: 'each',
  basis: [],
  quantity: 1,
  unitPriceCents: cents,
  discount: null,
  taxRateBps: 0,
  optional: false,
  selected: false,
  group: null,
  chosen: false,
  ...over,
});

const proposal: Extract<PublicProposal, { state: 'open' }> = {
  state: 'open',
  document: 'proposal',
  firm: { name: 'Studio North', email: 'hello@studio-north.test', phone: '' },
  number: 'PR-1042',
  title: 'Kitchen renovation',
  revision: 2,
  status: 'sent',
  customerName: 'Ada Lovelace',
  coverImage: null,
  validUntil: '2031-03-31',
  discount: null,
  shippingCents: 0,
  taxExempt: false,
  deposit: { kind: 'percent', percent: 50 },
  terms: 'Half on approval, the rest on completion.',
  sectionApproval: false,
  sections: [
    {
      _id: id(100),
      title: 'Cabinetry',
      body: '<p>Shaker doors in <strong>white oak</strong>.</p>',
      images: [],
      status: 'open',
      lines: [
        line(1, 'Cabinets', 500_000),
        line(2, 'Under-cabinet lighting', 40_000, { optional: true }),
        line(3, 'Quartz', 200_000, { group: 'Countertop', chosen: true }),
        line(4, 'Marble', 350_000, { group: 'Countertop' }),
      ],
    },
  ],
  previousTotalCents: null,
  approvals: [],
};

type Call = { url: string; method: string; body?: string };
type Answer = { status: number; body?: unknown };

/** The public API as the page calls it: `answers` decide what GET and approve answer. */
function serve(answers: { get?: Answer; approve?: Answer; decline?: Answer } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body as string | undefined });
    const reply = ({ status, body }: Answer) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status });
    if (url.endsWith('/view')) return reply({ status: 204 });
    if (url.endsWith('/approve')) return reply(answers.approve ?? { status: 200, body: proposal });
    if (url.endsWith('/decline')) return reply(answers.decline ?? { status: 200, body: proposal });
    return reply(answers.get ?? { status: 200, body: proposal });
  });
  return calls;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[`/proposals/approve/${TOKEN}`]}>
          <Routes>
            <Route path="/proposals/approve/:token" element={<ApprovePage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const totals = () => screen.getByRole('table', { name: 'Totals' });

afterEach(() => vi.unstubAllGlobals());

describe('the proposal approval page', () => {
  it('shows the proposal, records the view once, and updates the total as options are ticked and chosen', async () => {
    const calls = serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Kitchen renovation' })).toBeTruthy();
    expect(screen.getByText('Prepared for Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('white oak')).toBeTruthy();
    expect(within(totals()).getByRole('row', { name: 'Total $7,000.00' })).toBeTruthy();
    expect(within(totals()).getByRole('row', { name: 'Deposit due on approval $3,500.00' })).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: /Under-cabinet lighting/ }));
    expect(within(totals()).getByRole('row', { name: 'Total $7,400.00' })).toBeTruthy();

    const countertop = screen.getByRole('radiogroup', { name: /Choose one: Countertop/ });
    fireEvent.click(within(countertop).getByRole('radio', { name: 'Marble' }));
    expect(within(totals()).getByRole('row', { name: 'Total $8,900.00' })).toBeTruthy();

    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/view'))).toHaveLength(1));
    expect(calls.find((c) => c.url.endsWith('/view'))).toMatchObject({
      url: `/api/v1/public/proposals/${TOKEN}/view`,
      method: 'POST',
    });
  });

  it('asks for the name before approving, and shows the server’s message on its field', async () => {
    const calls = serve({
      approve: {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'Please correct the highlighted fields.',
            fields: { signature: 'The signature is too large: clear it and sign again.' },
          },
        },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Type your full name.')).toBeTruthy();
    expect(screen.getByText('Sign in the box: the signature must be a drawn image.')).toBeTruthy();
    expect(screen.getByText('Accept the terms to approve.')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/approve'))).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /Your full name/ }), { target: { value: 'Ada Lovelace' } });
    fireEvent.pointerUp(screen.getByRole('img', { name: /Signature pad/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The signature is too large: clear it and sign again.')).toBeTruthy();
    expect(screen.queryByText('Type your full name.')).toBeNull();
  });

  it('approves with the name, the drawn signature and the choices, then shows who signed and the signed PDF', async () => {
    const approved = {
      ...proposal,
      status: 'approved',
      sections: proposal.sections.map((s) => ({ ...s, status: 'approved' as const })),
      approvals: [
        {
          _id: id(900),
          decision: 'approved' as const,
          name: 'Ada Lovelace',
          sections: [],
          decidedAt: '2031-03-01T15:30:00.000Z',
          snapshotSha256: 'a'.repeat(64),
          pdfSha256: 'b'.repeat(64),
          pdfUrl: `/api/v1/public/proposals/${TOKEN}/approvals/${id(900)}/pdf`,
        },
      ],
    };
    const calls = serve({ approve: { status: 200, body: approved } });
    renderPage();
    fireEvent.click(await screen.findByRole('checkbox', { name: /Under-cabinet lighting/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Your full name/ }), { target: { value: ' Ada Lovelace ' } });
    fireEvent.pointerUp(screen.getByRole('img', { name: /Signature pad/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Approved by Ada Lovelace')).toBeTruthy();
    const sent = calls.find((c) => c.url.endsWith('/approve'))!;
    expect(sent.url).toBe(`/api/v1/public/proposals/${TOKEN}/approve`);
    expect(JSON.parse(sent.body!)).toEqual({
      name: 'Ada Lovelace',
      signature: 'data:image/png;base64,iVBORw0KGgo=',
      acceptTerms: true,
      sections: null,
      selected: [id(2)],
      chosen: [id(3)],
    });
    expect(screen.getByText('a'.repeat(64))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the signed PDF' }).getAttribute('href')).toBe(
      approved.approvals[0]!.pdfUrl,
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('approves and declines chosen sections where the firm allows it', async () => {
    const flooring = {
      _id: id(200),
      title: 'Flooring',
      body: '',
      images: [],
      status: 'open' as const,
      lines: [line(5, 'Oak planks', 90_000)],
    };
    const bySection = { ...proposal, sectionApproval: true, sections: [...proposal.sections, flooring] };
    const afterApproval = {
      ...bySection,
      status: 'partially_approved',
      sections: bySection.sections.map((s) => (s._id === id(100) ? { ...s, status: 'approved' as const } : s)),
      approvals: [
        {
          _id: id(901),
          decision: 'approved' as const,
          name: 'Ada Lovelace',
          sections: [id(100)],
          decidedAt: '2031-03-01T15:30:00.000Z',
          snapshotSha256: 'c'.repeat(64),
          pdfSha256: null,
          pdfUrl: null,
        },
      ],
    };
    const calls = serve({ get: { status: 200, body: bySection }, approve: { status: 200, body: afterApproval } });
    renderPage();
    const approving = await screen.findByRole('group', { name: 'Sections to approve' });
    fireEvent.click(within(approving).getByRole('checkbox', { name: 'Flooring' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Your full name/ }), { target: { value: 'Ada Lovelace' } });
    fireEvent.pointerUp(screen.getByRole('img', { name: /Signature pad/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve the chosen sections' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/approve'))).toBe(true));
    expect(JSON.parse(calls.find((c) => c.url.endsWith('/approve'))!.body!)).toMatchObject({
      sections: [id(100)],
      selected: [],
      chosen: [id(3)],
    });

    expect(await screen.findByText(/Ada Lovelace approved the section “Cabinetry” on/)).toBeTruthy();
    const stillOpen = screen.getByRole('group', { name: 'Sections to approve' });
    expect(
      within(stillOpen)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual([id(200)]);

    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this proposal' });
    const declining = within(dialog).getByRole('group', { name: 'Sections to decline' });
    fireEvent.click(within(declining).getByRole('checkbox', { name: 'Flooring' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline the chosen sections' }));
    expect(await within(dialog).findByText('Choose at least one section to decline.')).toBeTruthy();
    expect(within(dialog).getByText('Tell us why, so we can do better.')).toBeTruthy();
    fireEvent.click(within(declining).getByRole('checkbox', { name: 'Flooring' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Why are you declining/ }), {
      target: { value: 'We will do the floors later.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline the chosen sections' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/decline'))).toBe(true));
    expect(JSON.parse(calls.find((c) => c.url.endsWith('/decline'))!.body!)).toEqual({
      name: '',
      reason: 'We will do the floors later.',
      sections: [id(200)],
    });
  });

  it('shows the message of a link that is no longer valid as the page', async () => {
    serve({
      get: {
        status: 410,
        body: {
          error: { code: 'not_found', message: 'This link is no longer valid. Ask Studio North for a new one.' },
        },
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This link is no longer valid' })).toBeTruthy();
    expect(screen.getByText('This link is no longer valid. Ask Studio North for a new one.')).toBeTruthy();
  });

  it('says a replaced proposal was replaced, with the newer link', async () => {
    serve({
      get: {
        status: 200,
        body: {
          state: 'replaced',
          firm: proposal.firm,
          number: 'PR-1042',
          replacedBy: '/proposals/approve/newer',
        },
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This proposal was replaced' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the newer revision' }).getAttribute('href')).toBe(
      '/proposals/approve/newer',
    );
  });
});
