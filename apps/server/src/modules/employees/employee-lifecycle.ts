import { deactivatedEmployeeSchema, deactivateEmployeeSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { endUserSessions } from '../../platform/auth/sessions';
import type { Actor } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { lockFirm } from '../../platform/identity/firms';
import type { users } from '../../platform/identity/users.table';
import { reassignOpenRecords } from '../../platform/records/assignables';
import type { Transition } from '../../platform/records/lifecycle';
import { assertAssignee, peopleNames } from '../../platform/records/records';
import { getSettings, saveSettings } from '../../platform/settings/settings.service';
import { assertFirmKeepsSuperAdmin } from '../users';

type Deactivate = z.output<typeof deactivateEmployeeSchema>;

/** Website leads must not keep going to someone who cannot sign in: they go to `to` (or nobody). */
async function releaseWebLeads(db: Executor, actor: Actor, from: string, to: string | null): Promise<void> {
  const leadSettings = (await getSettings(db, actor.firmId)).leadSettings as { webLeadAssignee: string | null };
  if (leadSettings.webLeadAssignee === from) await saveSettings(db, actor, 'leadSettings', { webLeadAssignee: to });
}

/**
 * POST /employees/{id}/deactivate: they cannot sign in any more, every session they hold (and
 * every socket of those sessions) ends as this commits, and their open records go to
 * `reassignTo` when given, in the same step. The firm keeps a super admin; nobody deactivates
 * themselves or someone above them (the kind's `mayChange`).
 */
export const deactivate: Transition<typeof users> = {
  code: 'remove',
  body: deactivateEmployeeSchema,
  refuse: (row, actor) =>
    row.id === actor.userId
      ? 'You cannot deactivate yourself. Ask another administrator.'
      : row.active
        ? null
        : `${row.firstName} is already deactivated.`,
  check: async (db, _actor, row, body) => {
    const { reassignTo } = body as Deactivate;
    if (reassignTo === row.id)
      throw badRequest('Choose someone else to take over.', { reassignTo: 'Choose someone else to take over.' });
    await assertAssignee(db, reassignTo, 'reassignTo');
  },
  set: () => ({ active: false }),
  effects: async (db, actor, row, body) => {
    const { reassignTo } = body as Deactivate;
    // The firm is locked already (the kind's `lockFirst`): two deactivations cannot both pass.
    await assertFirmKeepsSuperAdmin(db, (await lockFirm(db, actor.firmId)).name);
    await endUserSessions(db, row.id);
    const reassigned = reassignTo ? await reassignOpenRecords(db, actor, row.id, reassignTo) : 0;
    await releaseWebLeads(db, actor, row.id, reassignTo);
    if (!reassignTo) return {};
    const names = await peopleNames(db, [reassignTo]);
    return { reassignedTo: names.get(reassignTo), reassigned };
  },
  answer: {
    schema: deactivatedEmployeeSchema,
    of: (employee, effects) => ({ employee, reassigned: Number(effects.reassigned ?? 0) }),
  },
};

/** POST /employees/{id}/activate: they can sign in again with their password. */
export const activate: Transition<typeof users> = {
  code: 'remove',
  refuse: (row) => (row.active ? `${row.firstName} is already active.` : null),
  set: () => ({ active: true }),
};

/**
 * DELETE /employees/{id} withdraws an invitation nobody accepted: the row stays without its
 * address (free again) for the history that names them. Someone who has signed in has history
 * in the firm's records: deactivate them instead.
 */
export const withdrawal = {
  refuseDelete: (row: typeof users.$inferSelect) =>
    row.passwordHash
      ? `${row.firstName} has already joined. Deactivate them instead: their history keeps their name.`
      : null,
  softDelete: () => ({ email: null, active: false, deletedAt: sql`now()` }),
  afterDelete: async (db: Executor, actor: Actor, row: typeof users.$inferSelect) => {
    await endUserSessions(db, row.id);
    // What was assigned to them ahead of their first day goes back to nobody.
    await reassignOpenRecords(db, actor, row.id, null);
    await releaseWebLeads(db, actor, row.id, null);
  },
};
