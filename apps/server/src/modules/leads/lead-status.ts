import type { Lead, LeadStatus } from '@atelier/contracts';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { announce } from '../../platform/events/events';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { updateVersioned } from '../../platform/records/records';
import { leadSettingsOf, leadType } from './leads.service';
import { leads } from './leads.table';

/** A move on the board. Lost names one of the firm's reasons; a converted lead stays won. */
export async function setLeadStatus(
  db: Executor,
  actor: Actor,
  id: string,
  input: { status: LeadStatus; lostReason: string; version: number },
): Promise<Lead> {
  const before = await leadType.findRow(db, id, true);
  if (before.convertedAt && input.status !== 'won')
    throw conflict(`${before.name} became a customer, so the lead stays won.`);
  // Only a lost lead has a reason: the board may send the last one typed with another status.
  const lostReason = input.status === 'lost' ? input.lostReason : '';
  if (input.status === 'lost' && !(before.status === 'lost' && before.lostReason === lostReason)) {
    const { lostReasons } = await leadSettingsOf(db, actor.firmId);
    if (!lostReasons.includes(lostReason)) {
      const message = lostReasons.length
        ? `Choose one of your lost reasons: ${lostReasons.join(', ')}.`
        : 'Your firm has no lost reasons yet; add them in the lead settings.';
      throw badRequest(message, { lostReason: message });
    }
  }
  if (before.status === input.status && before.lostReason === lostReason) return leadType.get(db, actor, id);
  const after = await updateVersioned(db, actor, leads, id, input.version, 'lead', {
    status: input.status,
    lostReason,
  });
  await recordAudit(db, actor, {
    entityType: 'lead',
    entityId: id,
    action: 'update',
    version: after.version,
    before: { status: before.status, lostReason: before.lostReason },
    after: { status: input.status, lostReason },
  });
  if (input.status === 'won' && before.status !== 'won')
    await announce(db, actor, 'lead.won', { leadId: id, name: before.name, assignedTo: before.assignedTo });
  return leadType.get(db, actor, id);
}
