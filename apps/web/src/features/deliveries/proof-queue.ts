import type { StopDeliverInput } from '@atelier/contracts';

/**
 * Proofs of delivery kept on the phone (IndexedDB) until the server has them, so a proof made
 * without a connection is never lost and never stored twice. Each proof is queued with the
 * idempotency key made when it was saved; sending uploads its photos one by one (remembering
 * each photo's id, so a retry does not upload it again), then posts the proof with that key.
 * An entry leaves the queue only once the server has answered: stored (2xx), or refused (a 4xx
 * other than 401, 408 and 429), when it stays on the phone as a failed proof with the server's
 * message until the driver tries again or discards it. A 401 keeps it waiting: signing in again
 * sends it.
 */

export type QueuedPhoto = { blob: Blob; name: string; uploadedId: string | null };
export type QueuedDamage = { line: string; quantity: number; note: string; photos: QueuedPhoto[] };

export type QueuedProof = {
  /** The Idempotency-Key, made once when the proof was saved. */
  key: string;
  routeId: string;
  stopId: string;
  /** What the driver reads of it in the queue ("Stop 3, Dana Whitfield"). */
  label: string;
  savedAt: string;
  recipientName: string;
  notes: string;
  signature: string | null;
  photos: QueuedPhoto[];
  damages: QueuedDamage[];
  state: 'waiting' | 'failed';
  /** The server's refusal (failed), or why the last try did not reach it (waiting). */
  error: string | null;
  attempts: number;
};

export type NewProof = Omit<QueuedProof, 'key' | 'savedAt' | 'state' | 'error' | 'attempts'>;

/** How a proof travels: an image upload answering its id, and the proof posted with its key. */
export type ProofTransport<R = unknown> = {
  upload: (photo: Blob, name: string) => Promise<{ _id: string }>;
  deliver: (routeId: string, stopId: string, body: StopDeliverInput, key: string) => Promise<R>;
};

export type FlushResult<R> = { sent: { proof: QueuedProof; answer: R }[]; refused: QueuedProof[] };

const STORE = 'proofs';

/** The HTTP status of a failed call, when it got an answer at all. */
const statusOf = (error: unknown): number =>
  typeof (error as { status?: unknown } | null)?.status === 'number' ? (error as { status: number }).status : 0;

/** Whether the server answered and will answer the same again: no use trying later. */
export function isRefusal(error: unknown): boolean {
  const status = statusOf(error);
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

/** The server's own words when it answered; a dropped connection's browser message helps nobody. */
const messageOf = (error: unknown) =>
  statusOf(error) === 0
    ? 'The server could not be reached.'
    : error instanceof Error && error.message
      ? error.message
      : 'The proof could not be sent.';

const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

/** A queue on one IndexedDB database (tests give their own factory and name). */
export function createProofQueue({ idb, name = 'atelier-deliveries' }: { idb?: IDBFactory; name?: string } = {}) {
  let opened: Promise<IDBDatabase> | null = null;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };

  function database(): Promise<IDBDatabase> {
    const factory = idb ?? globalThis.indexedDB;
    if (!factory) return Promise.reject(new Error('This browser cannot keep proofs offline.'));
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = factory.open(name, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'key' });
      open.onsuccess = () => {
        const db = open.result;
        // Another tab with a newer version of the app upgrades the database: let it.
        db.onversionchange = () => {
          db.close();
          opened = null;
        };
        resolve(db);
      };
      open.onerror = () => {
        opened = null;
        reject(open.error);
      };
    });
    return opened;
  }

  async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await database();
    const tx = db.transaction(STORE, mode);
    const result = request(work(tx.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('The proof could not be saved on this phone.'));
    });
    return result;
  }

  const put = (proof: QueuedProof) => run('readwrite', (s) => s.put(proof));
  const remove = (key: string) => run('readwrite', (s) => s.delete(key));

  /** Every proof on the phone, oldest first. */
  async function list(): Promise<QueuedProof[]> {
    const all = await run('readonly', (s) => s.getAll() as IDBRequest<QueuedProof[]>);
    return all.sort((a, b) => a.savedAt.localeCompare(b.savedAt));
  }

  /** Keeps a proof on the phone, with the idempotency key it is sent with, however often. */
  async function enqueue(proof: NewProof): Promise<QueuedProof> {
    const entry: QueuedProof = {
      ...proof,
      key: crypto.randomUUID(),
      savedAt: new Date().toISOString(),
      state: 'waiting',
      error: null,
      attempts: 0,
    };
    await put(entry);
    changed();
    return entry;
  }

  /** Uploads what is not uploaded yet, saving each id at once, then posts the proof. */
  async function send<R>(proof: QueuedProof, transport: ProofTransport<R>): Promise<R> {
    const upload = async (photo: QueuedPhoto) => {
      if (photo.uploadedId) return photo.uploadedId;
      photo.uploadedId = (await transport.upload(photo.blob, photo.name))._id;
      await put(proof);
      return photo.uploadedId;
    };
    const photos: string[] = [];
    for (const photo of proof.photos) photos.push(await upload(photo));
    const damages: NonNullable<StopDeliverInput['damages']> = [];
    for (const damage of proof.damages) {
      const ids: string[] = [];
      for (const photo of damage.photos) ids.push(await upload(photo));
      damages.push({ line: damage.line, quantity: damage.quantity, note: damage.note, photos: ids });
    }
    const body: StopDeliverInput = {
      recipientName: proof.recipientName,
      notes: proof.notes,
      photos,
      signature: proof.signature,
      damages,
    };
    return transport.deliver(proof.routeId, proof.stopId, body, proof.key);
  }

  let running: Promise<FlushResult<unknown>> | null = null;
  let again = false;

  async function sendWaiting<R>(transport: ProofTransport<R>): Promise<FlushResult<R>> {
    const result: FlushResult<R> = { sent: [], refused: [] };
    for (const proof of (await list()).filter((p) => p.state === 'waiting')) {
      try {
        const answer = await send(proof, transport);
        await remove(proof.key);
        result.sent.push({ proof, answer });
        changed();
      } catch (error) {
        proof.attempts += 1;
        proof.error = messageOf(error);
        if (isRefusal(error)) {
          proof.state = 'failed';
          result.refused.push(proof);
          await put(proof);
          changed();
          continue;
        }
        // No answer (or one saying to wait): the next proof would fare no better.
        await put(proof);
        break;
      }
    }
    return result;
  }

  /**
   * Sends the waiting proofs in the order they were saved. One send runs at a time in this tab
   * (a call meanwhile makes it look once more at the end) and, where the browser has Web
   * Locks, in all tabs, so no photo is uploaded twice.
   */
  function flush<R>(transport: ProofTransport<R>): Promise<FlushResult<R>> {
    if (running) {
      again = true;
      return running as Promise<FlushResult<R>>;
    }
    const work = async (): Promise<FlushResult<R>> => {
      const total: FlushResult<R> = { sent: [], refused: [] };
      do {
        again = false;
        const round = await sendWaiting(transport);
        total.sent.push(...round.sent);
        total.refused.push(...round.refused);
      } while (again);
      return total;
    };
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    const locked: Promise<FlushResult<R>> = locks
      ? locks.request('atelier-proof-queue', { ifAvailable: true }, (lock) =>
          lock ? work() : { sent: [], refused: [] },
        )
      : work();
    running = locked.finally(() => {
      running = null;
      changed();
    }) as Promise<FlushResult<unknown>>;
    return running as Promise<FlushResult<R>>;
  }

  /** A failed proof back in the queue, for the next send. */
  async function retry(key: string): Promise<void> {
    const proof = (await list()).find((p) => p.key === key);
    if (!proof) return;
    await put({ ...proof, state: 'waiting', error: null });
    changed();
  }

  /** A failed proof the driver lets go of. */
  async function discard(key: string): Promise<void> {
    await remove(key);
    changed();
  }

  return {
    list,
    enqueue,
    flush,
    retry,
    discard,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type ProofQueue = ReturnType<typeof createProofQueue>;

/** The phone's queue. */
export const proofQueue = createProofQueue();
