// Node's Blob: the one IndexedDB's structured clone keeps (happy-dom's comes back as a plain object).
import { Blob } from 'node:buffer';
import type { StopDeliverInput } from '@atelier/contracts';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createProofQueue, type NewProof, type ProofTransport } from './proof-queue';

const ROUTE = '019a0000-0000-7000-8000-000000000001';
const STOP = '019a0000-0000-7000-8000-000000000002';
const LINE = '019a0000-0000-7000-8000-000000000003';

const photo = (bytes: number[]) => ({
  blob: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }) as unknown as globalThis.Blob,
  name: 'photo.jpg',
  uploadedId: null,
});

const proof = (over: Partial<NewProof> = {}): NewProof => ({
  routeId: ROUTE,
  stopId: STOP,
  label: 'Stop 1, Dana Whitfield',
  recipientName: 'Dana Whitfield',
  notes: 'Left in the garage.',
  signature: 'data:image/png;base64,iVBORw0KGgo=',
  photos: [photo([1, 2, 3]), photo([4, 5, 6])],
  damages: [{ line: LINE, quantity: 1, note: 'Corner chipped.', photos: [photo([7, 8])] }],
  ...over,
});

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A server stand-in that keeps what it was sent: each upload (by its bytes) and each proof with
 * its key. `down` makes calls fail as a dropped connection does (no answer); `refuse` answers
 * the proof with that status.
 */
function server() {
  const state = {
    uploads: [] as number[][],
    proofs: [] as { routeId: string; stopId: string; body: StopDeliverInput; key: string }[],
    down: false,
    /** Fails the proof's post alone, after the photos went up. */
    downAtPost: false,
    refuse: null as null | { status: number; message: string },
  };
  const transport: ProofTransport<{ stored: number }> = {
    async upload(blob) {
      if (state.down) throw new TypeError('Failed to fetch');
      state.uploads.push([...new Uint8Array(await blob.arrayBuffer())]);
      return { _id: `019a0000-0000-7000-8000-1000000000${String(state.uploads.length).padStart(2, '0')}` };
    },
    async deliver(routeId, stopId, body, key) {
      if (state.down || state.downAtPost) throw new TypeError('Failed to fetch');
      if (state.refuse) throw new HttpError(state.refuse.status, state.refuse.message);
      state.proofs.push({ routeId, stopId, body, key });
      return { stored: state.proofs.length };
    },
  };
  return { state, transport };
}

const newQueue = () => createProofQueue({ idb: new IDBFactory(), name: 'test' });

describe('the proof queue', () => {
  it('sends a queued proof once, with the key made when it was saved, its photos uploaded first', async () => {
    const queue = newQueue();
    const { state, transport } = server();
    const saved = await queue.enqueue(proof());
    expect(saved.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await queue.list()).toHaveLength(1);

    const result = await queue.flush(transport);

    expect(result.sent).toHaveLength(1);
    expect(state.uploads).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
    expect(state.proofs).toHaveLength(1);
    expect(state.proofs[0]).toEqual({
      routeId: ROUTE,
      stopId: STOP,
      key: saved.key,
      body: {
        recipientName: 'Dana Whitfield',
        notes: 'Left in the garage.',
        signature: 'data:image/png;base64,iVBORw0KGgo=',
        photos: ['019a0000-0000-7000-8000-100000000001', '019a0000-0000-7000-8000-100000000002'],
        damages: [
          { line: LINE, quantity: 1, note: 'Corner chipped.', photos: ['019a0000-0000-7000-8000-100000000003'] },
        ],
      },
    });
    // The 2xx took it off the phone: flushing again sends nothing.
    expect(await queue.list()).toEqual([]);
    await queue.flush(transport);
    expect(state.proofs).toHaveLength(1);
  });

  it('keeps the proof, photos and all, while the network is down, and sends it when it returns', async () => {
    const queue = newQueue();
    const { state, transport } = server();
    await queue.enqueue(proof());
    state.down = true;

    const result = await queue.flush(transport);

    expect(result.sent).toEqual([]);
    const [kept] = await queue.list();
    expect(kept?.state).toBe('waiting');
    expect(kept?.attempts).toBe(1);
    expect(kept?.error).toBe('The server could not be reached.');
    expect(kept?.photos).toHaveLength(2);
    expect([...new Uint8Array(await kept!.photos[0]!.blob.arrayBuffer())]).toEqual([1, 2, 3]);

    state.down = false;
    expect((await queue.flush(transport)).sent).toHaveLength(1);
    expect(state.proofs).toHaveLength(1);
    expect(await queue.list()).toEqual([]);
  });

  it('does not upload a photo twice when the proof is sent again after a dropped connection', async () => {
    const queue = newQueue();
    const { state, transport } = server();
    const saved = await queue.enqueue(proof());
    state.downAtPost = true;

    await queue.flush(transport);

    expect(state.uploads).toHaveLength(3);
    expect(state.proofs).toEqual([]);
    const [kept] = await queue.list();
    expect(kept?.photos.map((p) => p.uploadedId)).toEqual([
      '019a0000-0000-7000-8000-100000000001',
      '019a0000-0000-7000-8000-100000000002',
    ]);

    state.downAtPost = false;
    await queue.flush(transport);

    expect(state.uploads).toHaveLength(3);
    expect(state.proofs).toHaveLength(1);
    expect(state.proofs[0]?.key).toBe(saved.key);
    expect(state.proofs[0]?.body.photos).toEqual([
      '019a0000-0000-7000-8000-100000000001',
      '019a0000-0000-7000-8000-100000000002',
    ]);
  });

  it('sends a proof once when sends are started side by side (the online event, the timer, the page)', async () => {
    const queue = newQueue();
    const { state, transport } = server();
    await queue.enqueue(proof());

    await Promise.all([queue.flush(transport), queue.flush(transport), queue.flush(transport)]);

    expect(state.uploads).toHaveLength(3);
    expect(state.proofs).toHaveLength(1);
  });

  it('keeps a proof the server refused as failed, with its message, without sending it again', async () => {
    const queue = newQueue();
    const { state, transport } = server();
    const saved = await queue.enqueue(proof());
    state.refuse = { status: 409, message: 'This stop was already marked as failed.' };

    const result = await queue.flush(transport);

    expect(result.refused.map((p) => p.error)).toEqual(['This stop was already marked as failed.']);
    const [failed] = await queue.list();
    expect(failed?.state).toBe('failed');
    state.refuse = null;
    await queue.flush(transport);
    expect(state.proofs).toEqual([]);

    // Tried again by the driver: sent with the same key, its photos not uploaded again.
    await queue.retry(saved.key);
    await queue.flush(transport);
    expect(state.proofs.map((p) => p.key)).toEqual([saved.key]);
    expect(state.uploads).toHaveLength(3);
    expect(await queue.list()).toEqual([]);
  });

  it('keeps waiting on an answer that asks to wait (429, 408, 503) or to sign in again (401)', async () => {
    const queue = newQueue();
    const { state, transport } = server();
    await queue.enqueue(proof());
    for (const status of [429, 408, 503, 401]) {
      state.refuse = { status, message: `Answered ${status}.` };
      await queue.flush(transport);
      expect((await queue.list())[0]?.state).toBe('waiting');
    }
    state.refuse = null;
    await queue.flush(transport);
    expect(state.proofs).toHaveLength(1);
  });
});
