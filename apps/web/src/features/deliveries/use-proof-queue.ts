import type { DeliveryRoute } from '@atelier/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { toastError, toastSuccess } from '../../lib/toast';
import { proofTransport, showRoute } from './api';
import { type ProofQueue, proofQueue, type QueuedProof } from './proof-queue';

/** How often waiting proofs are tried again while the page is open. */
export const RETRY_EVERY_MS = 30_000;

/** The proofs kept on this phone, as they change. */
export function useQueuedProofs(queue: ProofQueue = proofQueue) {
  const [proofs, setProofs] = useState<QueuedProof[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      queue.list().then(
        (all) => {
          if (!live) return;
          setProofs(all);
          setError(null);
        },
        () => {
          if (live) setError('The proofs kept on this phone cannot be read. Keep this page open and try again.');
        },
      );
    void read();
    const stop = queue.subscribe(() => void read());
    return () => {
      live = false;
      stop();
    };
  }, [queue]);
  return { proofs, error };
}

/** Sends the waiting proofs and shows what the server answered. */
export function useSendProofs(queue: ProofQueue = proofQueue) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // The phone knows it has no network at all: trying would only flash the upload bar.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return { sent: [], refused: [] };
    const result = await queue.flush<DeliveryRoute>(proofTransport);
    for (const { proof, answer } of result.sent) {
      showRoute(queryClient, answer);
      toastSuccess(`The proof for ${proof.label} was sent.`);
    }
    for (const proof of result.refused) toastError(`The proof for ${proof.label} was refused: ${proof.error}`);
    return result;
  }, [queue, queryClient]);
}

/**
 * Sends waiting proofs when the page opens, when the connection returns, and every
 * RETRY_EVERY_MS while any wait; the driver view mounts it once.
 */
export function useProofSender(queue: ProofQueue = proofQueue) {
  const send = useSendProofs(queue);
  const { proofs } = useQueuedProofs(queue);
  const waiting = proofs.some((p) => p.state === 'waiting');
  useEffect(() => {
    const trySend = () => void send().catch(() => undefined);
    trySend();
    window.addEventListener('online', trySend);
    return () => window.removeEventListener('online', trySend);
  }, [send]);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void send().catch(() => undefined), RETRY_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [send, waiting]);
}
