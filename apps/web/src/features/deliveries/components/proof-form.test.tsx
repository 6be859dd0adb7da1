import 'fake-indexeddb/auto';
// Node's Blob: the one IndexedDB's structured clone keeps, as a browser's own Blob is kept.
import { Blob as NodeBlob } from 'node:buffer';
import type { DeliveryRoute, DeliveryStop } from '@atelier/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { downscalePhoto } from '../downscale';
import { proofQueue } from '../proof-queue';
import { DriveRoute } from './drive-route';
import { ProofQueueStatus } from './proof-queue-status';

vi.mock('../downscale', () => ({
  downscalePhoto: vi.fn(async () => new NodeBlob([new Uint8Array([9, 9, 9])], { type: 'image/jpeg' })),
}));

// The upload bar's socket has no server here.
vi.mock('../../../lib/progress', () => ({
  withProgress: (_label: string, _size: number, work: (id: string) => Promise<unknown>) => work('upload-1'),
}));

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

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const stop: DeliveryStop = {
  _id: id(101),
  position: 1,
  status: 'out',
  order: { _id: id(201), name: 'SO-1', status: 'confirmed' },
  customer: { _id: id(301), name: 'Dana Whitfield', phone: '+1 (503) 555-0100' },
  address: { line1: '1 Main Street', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' },
  windowStart: '09:00',
  windowEnd: '11:00',
  notes: '',
  lines: [{ _id: id(401), line: id(501), name: 'Oak sofa', sku: 'SOFA-1', unit: 'each', quantity: 1 }],
  failureReason: '',
  proof: null,
};

const route: DeliveryRoute = {
  _id: id(1),
  version: 4,
  archived: false,
  createdAt: '2030-05-01T08:00:00.000Z',
  updatedAt: '2030-05-01T08:00:00.000Z',
  updatedBy: null,
  number: 'DR-12',
  name: 'DR-12',
  date: '2030-05-02',
  status: 'in_progress',
  driver: { _id: id(9), name: 'Sam Carter' },
  vehicle: 'Van 2',
  notes: '',
  stops: [stop],
};

function renderRoute() {
  renderSignedIn(
    <Route
      path="*"
      element={
        <>
          <ProofQueueStatus />
          <DriveRoute route={route} canAct />
        </>
      }
    />,
  );
}

/** Fills the proof in: who took it, one photo from the camera, the signature. */
async function fillProof() {
  fireEvent.click(screen.getByRole('button', { name: 'Delivered' }));
  const dialog = await screen.findByRole('dialog', { name: 'Proof of delivery: Dana Whitfield' });
  fireEvent.change(within(dialog).getByLabelText(/^Received by/), { target: { value: 'Dana Whitfield' } });
  const photo = new File([new Uint8Array(4000)], 'IMG_0001.jpg', { type: 'image/jpeg' });
  fireEvent.change(within(dialog).getByLabelText('Photos: take a photo'), { target: { files: [photo] } });
  await within(dialog).findByRole('img', { name: 'Photos, photo 1' });
  fireEvent.pointerUp(within(dialog).getByRole('img', { name: /Signature pad/ }));
  return { dialog, photo };
}

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  URL.createObjectURL ??= () => 'blob:photo';
  URL.revokeObjectURL ??= () => undefined;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(downscalePhoto).mockClear();
  for (const proof of await proofQueue.list()) await proofQueue.discard(proof.key);
});

describe('the proof of delivery', () => {
  it('downscales the camera photo and keeps the proof on the phone while offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderRoute();
    const { dialog, photo } = await fillProof();
    expect(downscalePhoto).toHaveBeenCalledTimes(1);
    expect(downscalePhoto).toHaveBeenCalledWith(photo);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the proof' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('1 proof waiting to send')).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Dana Whitfield' });
    expect(within(card).getByText('Waiting to send')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Delivered' })).toBeNull();
    // The phone says it has no network: nothing is tried until the online event.
    expect(fetch).not.toHaveBeenCalled();
    const [kept] = await proofQueue.list();
    expect(kept).toMatchObject({
      routeId: id(1),
      stopId: id(101),
      recipientName: 'Dana Whitfield',
      signature: 'data:image/png;base64,iVBORw0KGgo=',
      state: 'waiting',
      damages: [],
    });
    expect(kept!.photos).toHaveLength(1);
    expect(kept!.photos[0]!.uploadedId).toBeNull();
    expect([...new Uint8Array(await kept!.photos[0]!.blob.arrayBuffer())]).toEqual([9, 9, 9]);
  });

  it('sends the proof when online: the photo first, then the proof with the key it was saved with', async () => {
    const calls: { url: string; method: string; key: string | null; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const headers = new Headers(init?.headers);
        calls.push({
          url,
          method: init?.method ?? 'GET',
          key: headers.get('idempotency-key'),
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
        });
        if (url.startsWith('/api/v1/files')) return Response.json({ _id: id(900), url: '/files/photo.jpg' });
        if (url.endsWith('/deliver'))
          return Response.json({ ...route, stops: [{ ...stop, status: 'delivered' }] } satisfies DeliveryRoute);
        return Response.json({ error: { code: 'not_found', message: 'No such address.' } }, { status: 404 });
      }),
    );
    renderRoute();
    const { dialog } = await fillProof();
    let key = '';
    const saved = new Promise<void>((resolve) => {
      const stop = proofQueue.subscribe(() =>
        proofQueue.list().then((all) => {
          if (all[0]) {
            key = all[0].key;
            stop();
            resolve();
          }
        }),
      );
    });

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save the proof' }));
      await saved;
    });

    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/deliver'))).toBe(true));
    const upload = calls.find((c) => c.url.startsWith('/api/v1/files'));
    expect(upload?.url).toMatch(/^\/api\/v1\/files\?name=photo\.jpg&upload=/);
    const deliver = calls.filter((c) => c.url.endsWith('/deliver'));
    expect(deliver).toHaveLength(1);
    expect(deliver[0]).toMatchObject({
      url: `/api/v1/delivery-routes/${id(1)}/stops/${id(101)}/deliver`,
      method: 'POST',
      key,
      body: {
        recipientName: 'Dana Whitfield',
        notes: '',
        photos: [id(900)],
        signature: 'data:image/png;base64,iVBORw0KGgo=',
        damages: [],
      },
    });
    await waitFor(async () => expect(await proofQueue.list()).toEqual([]));
    expect(screen.queryByText(/waiting to send/)).toBeNull();
  });
});
