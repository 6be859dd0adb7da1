import type { RecordKind } from '@atelier/contracts';
import { useCan } from '../../lib/permissions';

/** Whether the person may open the kind's pages: its code, and its module for the firm. */
export function useMayOpen(kind: RecordKind): boolean {
  const { can, hasFeature } = useCan();
  return can(kind.codes.modify) && (!kind.feature || hasFeature(kind.feature));
}

/** A record as the generic pages show it: a name, whether it is archived, who changed it last. */
export type Named = {
  _id: string;
  name: string;
  archived: boolean;
  version: number;
  updatedBy?: { name: string } | null;
};
