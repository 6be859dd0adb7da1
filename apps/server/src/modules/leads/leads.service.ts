import {
  type BulkAction,
  type DuplicateMatch,
  hasCode,
  KINDS,
  type Lead,
  type leadInputSchema,
  P,
} from '@atelier/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import { buildSearchText } from '../../platform/lists/list';
import { assignRows, registerAssignable } from '../../platform/records/assignables';
import { type DuplicateQuery, findSimpleDuplicates } from '../../platform/records/duplicates';
import { registerEntity } from '../../platform/records/entities';
import {
  archiveOne,
  archiveRows,
  assertAssignee,
  peopleNames,
  personOf,
  updateVersioned,
} from '../../platform/records/records';
import { getSettings } from '../../platform/settings/settings.service';
import { ambassadors } from '../ambassadors/ambassadors.table';
import { companies } from '../companies/companies.table';
import { customers } from '../customers/customers.table';
import { firms } from '../firms/firms.table';
import { users } from '../users/users.table';
import { overdue } from './leads.list';
import { leads, OPEN_LEADS } from './leads.table';

const assignee = alias(users, 'assignee');
const editor = alias(users, 'editor');

export type LeadInput = z.output<typeof leadInputSchema>;
type Row = typeof leads.$inferSelect;

export const leadKind = registerEntity(KINDS.lead, {
  find: async (db, id) => {
    const [row] = await db.select({ name: leads.name }).from(leads).where(eq(leads.id, id));
    return row ?? null;
  },
  searchDocs: (db, ids) =>
    db
      .select({
        id: leads.id,
        title: leads.name,
        subtitle: sql<string>`concat_ws(' · ', NULLIF(${leads.companyName}, ''), NULLIF(${leads.email}, ''), NULLIF(${leads.phone}, ''))`,
        searchText: leads.searchText,
        archived: sql<boolean>`${leads.archivedAt} IS NOT NULL`,
      })
      .from(leads)
      .where(inArray(leads.id, ids)),
});

// Deactivating someone hands on their open leads; won and lost ones keep their history.
const leadAssignable = registerAssignable({
  type: 'lead',
  label: 'leads',
  table: leads,
  open: OPEN_LEADS,
  alsoSet: sql`follow_up_notified_on = NULL`,
});

export const leadSearchText = (input: Pick<LeadInput, 'firstName' | 'lastName' | 'companyName' | 'email' | 'phone'>) =>
  buildSearchText([input.firstName, input.lastName, input.companyName, input.email], input.phone ? [input.phone] : []);

export async function findLeadRow(db: Executor, id: string, lock = false): Promise<Row> {
  if (!isUuid(id)) throw notFound('This lead does not exist.');
  const query = db.select().from(leads).where(eq(leads.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('This lead does not exist.');
  return row;
}

export async function getLead(db: Executor, id: string): Promise<Lead> {
  const [found] = isUuid(id)
    ? await db
        .select({
          row: leads,
          overdue,
          assignee: { id: assignee.id, firstName: assignee.firstName, lastName: assignee.lastName },
          editor: { id: editor.id, firstName: editor.firstName, lastName: editor.lastName },
          ambassador: { id: ambassadors.id, name: ambassadors.name },
          customer: { id: customers.id, name: customers.name },
          company: { id: companies.id, name: companies.name },
        })
        .from(leads)
        .innerJoin(firms, eq(firms.id, leads.firmId))
        .leftJoin(assignee, eq(assignee.id, leads.assignedTo))
        .leftJoin(editor, eq(editor.id, leads.updatedBy))
        .leftJoin(ambassadors, eq(ambassadors.id, leads.ambassadorId))
        .leftJoin(customers, eq(customers.id, leads.convertedCustomerId))
        .leftJoin(companies, eq(companies.id, leads.convertedCompanyId))
        .where(eq(leads.id, id))
    : [];
  if (!found) throw notFound('This lead does not exist.');
  const r = found.row;
  const ref = (x: { id: string | null; name: string | null } | null) =>
    x?.id ? { _id: x.id, name: x.name ?? '' } : null;
  const customer = ref(found.customer);
  return {
    _id: r.id,
    version: r.version,
    archived: r.archivedAt !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: personOf(found.editor),
    firstName: r.firstName,
    lastName: r.lastName,
    name: r.name,
    companyName: r.companyName,
    email: r.email,
    phone: r.phone,
    source: r.source,
    status: r.status,
    lostReason: r.lostReason,
    estimatedValueCents: r.estimatedValueCents,
    assignedTo: personOf(found.assignee),
    ambassador: ref(found.ambassador),
    nextFollowUp: r.nextFollowUp,
    overdue: found.overdue,
    tags: r.tags,
    notes: r.notes,
    message: r.message,
    convertedTo: customer ? { customer, company: ref(found.company) } : null,
  };
}

const AUDITED = [
  'firstName',
  'lastName',
  'companyName',
  'email',
  'phone',
  'source',
  'status',
  'lostReason',
  'estimatedValueCents',
  'assignedTo',
  'ambassadorId',
  'nextFollowUp',
  'tags',
  'notes',
  'message',
] as const;
type Audited = Pick<Row, (typeof AUDITED)[number]>;

/** The audited fields of versions of a lead, with the assignee and the ambassador by name. */
export async function auditedLeads(db: Executor, ...rows: Audited[]) {
  const names = await peopleNames(
    db,
    rows.map((r) => r.assignedTo),
  );
  const partnerIds = [...new Set(rows.map((r) => r.ambassadorId).filter((id): id is string => Boolean(id)))];
  const partners = new Map(
    partnerIds.length
      ? (
          await db
            .select({ id: ambassadors.id, name: ambassadors.name })
            .from(ambassadors)
            .where(inArray(ambassadors.id, partnerIds))
        ).map((a) => [a.id, a.name])
      : [],
  );
  return rows.map((r) => {
    const { ambassadorId: _a, ...fields } = Object.fromEntries(AUDITED.map((k) => [k, r[k]])) as Record<
      string,
      unknown
    >;
    return {
      ...fields,
      assignedTo: r.assignedTo ? (names.get(r.assignedTo) ?? r.assignedTo) : null,
      ambassador: r.ambassadorId ? (partners.get(r.ambassadorId) ?? r.ambassadorId) : null,
    };
  });
}

/** The user, if an active staff member; otherwise nobody (leads are not handed to former staff). */
export async function activeStaffOrNone(db: Executor, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.kind, 'staff'), eq(users.active, true), isNull(users.deletedAt)));
  return found ? userId : null;
}

/** The firm's lead settings (sources, lost reasons, who gets web leads), stored over defaults. */
export async function leadSettingsOf(db: Executor, firmId: string) {
  return (await getSettings(db, firmId, { banking: false })).leadSettings;
}

/** A source is one of the firm's (or none); a lead keeps one the firm has since dropped. */
async function assertSource(db: Executor, firmId: string, source: string, current?: string) {
  if (source === '' || source === current) return;
  const { sources } = await leadSettingsOf(db, firmId);
  if (!sources.includes(source)) {
    const message = sources.length
      ? `Choose one of your lead sources: ${sources.join(', ')}.`
      : 'Your firm has no lead sources yet; add them in the lead settings.';
    throw badRequest(message, { source: message });
  }
}

async function assertAmbassador(db: Executor, actor: Actor, ambassadorId: string | null, current: string | null) {
  if (ambassadorId === current) return;
  // Who referred someone is the ambassadors module's to say (88), as on customers.
  if (!hasCode(actor.codes, P.MODIFY_AMBASSADORS))
    throw forbidden('You do not have permission to change who referred this lead.');
  if (!ambassadorId) return;
  const [found] = await db.select({ id: ambassadors.id }).from(ambassadors).where(eq(ambassadors.id, ambassadorId));
  const message = 'Choose an ambassador from the list.';
  if (!found) throw badRequest(message, { ambassador: message });
}

const columns = (input: LeadInput) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  companyName: input.companyName,
  email: input.email.toLowerCase(),
  phone: input.phone,
  source: input.source,
  estimatedValueCents: input.estimatedValueCents,
  assignedTo: input.assignedTo,
  ambassadorId: input.ambassador,
  nextFollowUp: input.nextFollowUp,
  tags: input.tags,
  notes: input.notes,
  searchText: leadSearchText(input),
});

/**
 * Writes a new lead and its history (staff through the form, or nobody for the website form,
 * whose caller has checked what it sends). Returns its id.
 */
export async function insertLead(
  db: Executor,
  writer: AuditActor,
  input: LeadInput,
  extra: { message?: string } = {},
): Promise<string> {
  const [row] = await db
    .insert(leads)
    .values({
      ...columns(input),
      message: extra.message ?? '',
      firmId: writer.firmId,
      createdBy: writer.userId,
      updatedBy: writer.userId,
    })
    .returning();
  const [after] = await auditedLeads(db, row!);
  await recordAudit(db, writer, { entityType: 'lead', entityId: row!.id, action: 'create', after });
  return row!.id;
}

export async function createLead(db: Executor, actor: Actor, input: LeadInput): Promise<Lead> {
  await assertSource(db, actor.firmId, input.source);
  await assertAssignee(db, input.assignedTo);
  await assertAmbassador(db, actor, input.ambassador, null);
  return getLead(db, await insertLead(db, actor, input));
}

export async function updateLead(
  db: Executor,
  actor: Actor,
  id: string,
  input: LeadInput & { version: number },
): Promise<Lead> {
  const before = await findLeadRow(db, id, true);
  await assertSource(db, actor.firmId, input.source, before.source);
  // Keeping someone no longer active is fine; handing the lead to them is not.
  if (input.assignedTo !== before.assignedTo) await assertAssignee(db, input.assignedTo);
  await assertAmbassador(db, actor, input.ambassador, before.ambassadorId);
  const after = await updateVersioned(db, actor, leads, id, input.version, 'lead', {
    ...columns(input),
    // A new date, or a new assignee, gets its own reminder.
    ...(input.nextFollowUp !== before.nextFollowUp || input.assignedTo !== before.assignedTo
      ? { followUpNotifiedOn: null }
      : {}),
  });
  const [b, a] = await auditedLeads(db, before, after);
  await recordAudit(db, actor, {
    entityType: 'lead',
    entityId: id,
    action: 'update',
    version: after.version,
    before: b,
    after: a,
  });
  return getLead(db, id);
}

const setArchived = (db: Executor, actor: Actor, ids: string[], archived: boolean) =>
  archiveRows(db, actor, leads, 'lead', ids, archived);

export async function archiveLead(db: Executor, actor: Actor, id: string, archived: boolean): Promise<Lead> {
  await archiveOne(db, actor, leads, KINDS.lead, id, archived);
  return getLead(db, id);
}

/** Hard delete (its interactions and files go with it: recordAudit); a converted lead is the customer's history, so never. */
export async function deleteLead(db: Executor, actor: Actor, id: string): Promise<void> {
  const before = await findLeadRow(db, id, true);
  if (before.convertedAt)
    throw conflict(`${before.name} was converted to a customer; the lead is kept as its history. Archive it instead.`);
  await db.delete(leads).where(eq(leads.id, id));
  const [gone] = await auditedLeads(db, before);
  await recordAudit(db, actor, { entityType: 'lead', entityId: id, action: 'delete', before: gone });
}

export async function bulkLeads(db: Executor, actor: Actor, action: BulkAction): Promise<{ updated: number }> {
  const ids = [...new Set(action.ids)];
  if (action.action === 'assign') {
    await assertAssignee(db, action.assignee, 'assignee');
    return { updated: await assignRows(db, actor, leadAssignable, inArray(leads.id, ids), action.assignee) };
  }
  if (!hasCode(actor.codes, P.DELETE_LEADS)) throw forbidden('You do not have permission to archive leads.');
  return { updated: await setArchived(db, actor, ids, action.action === 'archive') };
}

/** Leads that look like the one being entered: same name, email or phone. */
export const findDuplicateLeads = (db: Executor, query: DuplicateQuery): Promise<DuplicateMatch[]> =>
  findSimpleDuplicates(
    db,
    {
      table: leads,
      id: leads.id,
      nameKey: leads.nameKey,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
    },
    query,
  );
