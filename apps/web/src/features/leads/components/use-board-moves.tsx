import { LEAD_STATUS_LABELS, type LeadRow, type LeadStatus, OPEN_LEAD_STATUSES } from '@atelier/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { toast, toastSuccess } from '../../../lib/toast';
import { useMoveLead } from '../api';
import { LostReasonModal } from './lost-reason-modal';

/** A card on its way to another column, shown there until the server has answered. */
export type PendingMove = { row: LeadRow; to: LeadStatus };

/**
 * Moves on the board, by drag and drop or the Move menu. The card moves at once; a move to
 * Lost first asks why; a refused move puts the card back and says why in a red toast.
 */
export function useBoardMoves() {
  const move = useMoveLead();
  const [pending, setPending] = useState<Record<string, PendingMove>>({});
  const [losing, setLosing] = useState<LeadRow | null>(null);

  const run = async (row: LeadRow, to: LeadStatus, lostReason?: string) => {
    const moved = { ...row, status: to, overdue: row.overdue && OPEN_LEAD_STATUSES.includes(to) };
    setPending((p) => ({ ...p, [row._id]: { row: moved, to } }));
    try {
      await move.mutateAsync({ id: row._id, status: to, lostReason, version: row.version });
      toastSuccess(`${row.name} moved to ${LEAD_STATUS_LABELS[to]}.`);
    } catch (error) {
      toast({
        type: 'error',
        title: `${row.name} stays in ${LEAD_STATUS_LABELS[row.status]}`,
        message: error instanceof ApiError ? error.message : 'The move did not go through. Please try again.',
      });
    } finally {
      setPending(({ [row._id]: _done, ...rest }) => rest);
    }
  };

  const request = (row: LeadRow, to: LeadStatus) => {
    if (to === row.status || pending[row._id]) return;
    if (to === 'lost') setLosing(row);
    else void run(row, to);
  };

  const modal = (
    <LostReasonModal
      name={losing?.name ?? null}
      onCancel={() => setLosing(null)}
      onConfirm={async (reason) => {
        const row = losing!;
        setLosing(null);
        await run(row, 'lost', reason);
      }}
    />
  );
  return { pending, request, modal };
}
