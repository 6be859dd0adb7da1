import type { StoredFile } from '@atelier/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet, Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../test/render-signed-in';
import { toastSuccess } from '../../lib/toast';
import { FilesTab } from './files-tab';

vi.mock('../../lib/toast', async (original) => ({
  ...(await original<typeof import('../../lib/toast')>()),
  toastSuccess: vi.fn(),
}));

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const file = (n: number, name: string, sharedAt: string | null): StoredFile => ({
  _id: id(n),
  name,
  contentType: 'application/pdf',
  size: 2048,
  url: `/api/v1/files/${id(n)}`,
  createdAt: '2030-01-02T10:00:00.000Z',
  uploadedBy: { _id: id(9), name: 'Olivia Owner' },
  sharedAt,
});

/** The Files tab of the record at `path` (its API address), its list answered with `files`; the requests made. */
function renderTab(path: string, files: StoredFile[]) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (method === 'POST') {
      const shared = (JSON.parse(String(init?.body)) as { shared: boolean }).shared;
      const target = files.find((f) => url.includes(f._id))!;
      return new Response(JSON.stringify({ ...target, sharedAt: shared ? '2030-01-03T10:00:00.000Z' : null }));
    }
    return new Response(JSON.stringify(files));
  });
  renderSignedIn(
    <Route path="/" element={<Outlet context={{ record: {}, path }} />}>
      <Route index element={<FilesTab />} />
    </Route>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a record’s Files tab', () => {
  it('on a job, shows which files the customer sees and shares one', async () => {
    const calls = renderTab(`/customer-jobs/${id(1)}`, [
      file(2, 'Contract.pdf', '2030-01-02T11:00:00.000Z'),
      file(3, 'Margins.pdf', null),
    ]);
    await screen.findByText('Margins.pdf');
    expect(screen.getAllByText('Shared')).toHaveLength(1);
    const contract = screen.getByRole('switch', { name: 'Share Contract.pdf with the customer' }) as HTMLInputElement;
    const margins = screen.getByRole('switch', { name: 'Share Margins.pdf with the customer' }) as HTMLInputElement;
    expect([contract.checked, margins.checked]).toEqual([true, false]);
    fireEvent.click(margins);
    await waitFor(() =>
      expect(calls).toContainEqual({ url: `/api/v1/files/${id(3)}/share`, method: 'POST', body: { shared: true } }),
    );
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Margins.pdf is shared with the customer.'));
  });

  it('offers no sharing on records other than jobs', async () => {
    renderTab(`/companies/${id(1)}`, [file(2, 'W-9.pdf', null)]);
    await screen.findByText('W-9.pdf');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText('Customer')).toBeNull();
  });
});
