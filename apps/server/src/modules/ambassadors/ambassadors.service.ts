import { randomInt } from 'node:crypto';
import { type Ambassador, type AmbassadorRow, ambassadorInputSchema, hasCode, KINDS, P } from '@atelier/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/http/access';
import { badRequest, forbidden, HttpError } from '../../platform/http/errors';
import { buildSearchText } from '../../platform/lists/list';
import { defineRecordType } from '../../platform/records/lifecycle';
import { referenceCount } from '../../platform/records/references';
import { ambassadors } from './ambassadors.table';

type Input = z.output<typeof ambassadorInputSchema>;

// The customers module registers the customers' reference (their ambassador_id).
const referrals = referenceCount(KINDS.ambassador, 'customer', ambassadors.id);

async function codeTaken(db: Executor, code: string, except?: string): Promise<boolean> {
  const where = and(eq(ambassadors.referralCode, code), except ? ne(ambassadors.id, except) : undefined);
  return (await db.select({ id: ambassadors.id }).from(ambassadors).where(where)).length > 0;
}

/** The code given, if free; or one made from the name ("JANE-4821") that no one in the firm has. */
async function referralCodeFor(db: Executor, input: Input, except?: string): Promise<string> {
  if (input.referralCode) {
    if (await codeTaken(db, input.referralCode, except)) {
      const message = `${input.referralCode} is already another ambassador's code.`;
      throw new HttpError(409, 'conflict', message, { referralCode: message });
    }
    return input.referralCode;
  }
  const stem = (
    input.name
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 8) || 'REF'
  ).padEnd(4, 'X');
  for (;;) {
    const code = `${stem}-${randomInt(1000, 10000)}`;
    if (!(await codeTaken(db, code, except))) return code;
  }
}

/** Referral partners: only their referral code and search text are more than the form's fields. */
export const ambassadorType = defineRecordType<
  typeof ambassadors,
  typeof ambassadorInputSchema,
  Ambassador,
  AmbassadorRow
>({
  kind: KINDS.ambassador,
  table: ambassadors,
  input: ambassadorInputSchema,
  title: (row) => row.name,
  columns: async (db, _actor, input, before) => {
    // An emptied code keeps the one the ambassador has already handed out.
    const referralCode =
      before && !input.referralCode ? before.referralCode : await referralCodeFor(db, input, before?.id);
    const { commissionPercent, ...fields } = input;
    return {
      ...fields,
      referralCode,
      commissionBp: Math.round(commissionPercent * 100),
      searchText: buildSearchText([input.name, input.email, referralCode], input.phone ? [input.phone] : []),
    };
  },
  derived: (r) => ({ commissionPercent: r.commissionBp / 100 }),
  extra: { referrals },
  list: {
    rowFields: { commissionPercent: sql<number>`(${ambassadors.commissionBp} / 100.0)::float8`, referrals },
  },
  // Customers and leads, as their modules registered them (registerReference).
  references: { verb: 'referred' },
});

/**
 * Who referred a customer or a lead is the ambassadors module's to say (88): without it the
 * referrer stays as it is (`current`); a new one must be the firm's.
 */
export async function assertReferrer(
  db: Executor,
  actor: Actor,
  ambassadorId: string | null,
  current: string | null,
  noun: string,
) {
  if (ambassadorId === current) return;
  if (!hasCode(actor.codes, P.MODIFY_AMBASSADORS))
    throw forbidden(`You do not have permission to change who referred this ${noun}.`);
  if (!ambassadorId) return;
  const [found] = await db.select({ id: ambassadors.id }).from(ambassadors).where(eq(ambassadors.id, ambassadorId));
  const message = 'Choose an ambassador from the list.';
  if (!found) throw badRequest(message, { ambassador: message });
}
