import type { Employee, OpenRecords } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { endUserSessions } from '../../platform/auth/sessions';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { lockFirm } from '../../platform/identity/firms';
import { users } from '../../platform/identity/users.table';
import { openRecords, reassignOpenRecords } from '../../platform/records/assignables';
import { assertAssignee, peopleNames } from '../../platform/records/records';
import { getSettings, saveSettings } from '../../platform/settings/settings.service';
import { assertCanManage, staffCodes } from '../organization';
import { assertFirmKeepsSuperAdmin } from '../users';
import { findStaff, getEmployee } from './employees.service';

/** GET /employees/{id}/open-records: what they still hold, for the deactivate dialog. */
export async function employeeOpenRecords(db: Executor, id: string): Promise<OpenRecords> {
  await findStaff(db, id);
  return openRecords(db, id);
}

/**
 * POST /employees/{id}/deactivate: they cannot sign in any more, every session they hold (and
 * every socket of those sessions) ends as this commits, and their open records go to
 * `reassignTo` when given, in the same step. The firm keeps a super admin; nobody deactivates
 * themselves or someone above them.
 */
export async function deactivateEmployee(
  db: Executor,
  actor: Actor,
  id: string,
  reassignTo: string | null,
): Promise<{ employee: Employee; reassigned: number }> {
  const firm = await lockFirm(db, actor.firmId);
  const before = await findStaff(db, id, true);
  if (id === actor.userId) throw conflict('You cannot deactivate yourself. Ask another administrator.');
  assertCanManage(actor, await staffCodes(db, id), before);
  if (!before.active) throw conflict(`${before.firstName} is already deactivated.`);
  if (reassignTo === id)
    throw badRequest('Choose someone else to take over.', { reassignTo: 'Choose someone else to take over.' });
  await assertAssignee(db, reassignTo, 'reassignTo');

  await db
    .update(users)
    .set({ active: false, updatedBy: actor.userId, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
  await assertFirmKeepsSuperAdmin(db, firm.name);
  await endUserSessions(db, id);
  const reassigned = reassignTo ? await reassignOpenRecords(db, actor, id, reassignTo) : 0;
  await releaseWebLeads(db, actor, id, reassignTo);

  const names = await peopleNames(db, [reassignTo]);
  await recordAudit(db, actor, {
    entityType: 'employee',
    entityId: id,
    action: 'deactivate',
    before: { active: true },
    after: { active: false, ...(reassignTo ? { reassignedTo: names.get(reassignTo), reassigned } : {}) },
  });
  return { employee: await getEmployee(db, actor, id), reassigned };
}

/** Website leads must not keep going to someone who cannot sign in: they go to `to` (or nobody). */
async function releaseWebLeads(db: Executor, actor: Actor, from: string, to: string | null): Promise<void> {
  const leadSettings = (await getSettings(db, actor.firmId)).leadSettings as { webLeadAssignee: string | null };
  if (leadSettings.webLeadAssignee === from) await saveSettings(db, actor, 'leadSettings', { webLeadAssignee: to });
}

/** POST /employees/{id}/activate: they can sign in again with their password. */
export async function activateEmployee(db: Executor, actor: Actor, id: string): Promise<Employee> {
  await lockFirm(db, actor.firmId);
  const before = await findStaff(db, id, true);
  assertCanManage(actor, await staffCodes(db, id), before);
  if (before.active) throw conflict(`${before.firstName} is already active.`);
  await db
    .update(users)
    .set({ active: true, updatedBy: actor.userId, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
  await recordAudit(db, actor, {
    entityType: 'employee',
    entityId: id,
    action: 'activate',
    before: { active: false },
    after: { active: true },
  });
  return getEmployee(db, actor, id);
}

/**
 * DELETE /employees/{id}: withdraws an invitation nobody accepted (the address is free again).
 * Someone who has signed in has history in the firm's records: deactivate them instead.
 */
export async function deleteEmployee(db: Executor, actor: Actor, id: string): Promise<void> {
  await lockFirm(db, actor.firmId);
  const before = await findStaff(db, id, true);
  assertCanManage(actor, await staffCodes(db, id), before);
  if (before.passwordHash)
    throw conflict(`${before.firstName} has already joined. Deactivate them instead: their history keeps their name.`);
  await db
    .update(users)
    .set({
      email: null,
      active: false,
      deletedAt: sql`now()`,
      version: sql`${users.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
  await endUserSessions(db, id);
  // What was assigned to them ahead of their first day goes back to nobody.
  await reassignOpenRecords(db, actor, id, null);
  await releaseWebLeads(db, actor, id, null);
  await recordAudit(db, actor, {
    entityType: 'employee',
    entityId: id,
    action: 'delete',
    before: { email: before.email, firstName: before.firstName, lastName: before.lastName },
  });
}
