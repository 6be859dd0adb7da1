import { KINDS, type Lead, type LeadRow, leadInputSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { badRequest } from '../../platform/http/errors';
import { buildSearchText } from '../../platform/lists/list';
import { defineRecordType, personColumn, refColumn } from '../../platform/records/lifecycle';
import { activeStaffOrNone, assertAssignee } from '../../platform/records/records';
import { getSettings } from '../../platform/settings/settings.service';
import type { SettingsCheck } from '../../platform/settings/settings-references';
import { ambassadors, assertReferrer } from '../ambassadors';
import { companies } from '../companies';
import { customers } from '../customers';
import { leadList, overdue } from './leads.list';
import { leads, OPEN_LEADS } from './leads.table';

export type LeadInput = z.output<typeof leadInputSchema>;

export const leadSearchText = (input: Pick<LeadInput, 'firstName' | 'lastName' | 'companyName' | 'email' | 'phone'>) =>
  buildSearchText([input.firstName, input.lastName, input.companyName, input.email], input.phone ? [input.phone] : []);

/** A save of the lead settings: the website's leads go to an active staff member, or to no one. */
export const checkLeadSettings: SettingsCheck = async (db, _firmId, values) => {
  if (values.webLeadAssignee && !(await activeStaffOrNone(db, String(values.webLeadAssignee))))
    throw badRequest('Choose an active staff member.', { webLeadAssignee: 'Choose an active staff member.' });
};

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

/** The columns a lead's details set: by staff through the form, or by the website's form. */
export const leadColumns = (input: LeadInput) => ({
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

/** A lead's own fields, as its page and its history show them. */
const shown = (r: typeof leads.$inferSelect) => ({
  firstName: r.firstName,
  lastName: r.lastName,
  companyName: r.companyName,
  email: r.email,
  phone: r.phone,
  source: r.source,
  status: r.status,
  lostReason: r.lostReason,
  estimatedValueCents: r.estimatedValueCents,
  nextFollowUp: r.nextFollowUp,
  tags: r.tags,
  notes: r.notes,
  message: r.message,
});

/** Leads: people who may become customers, moved through stages on the board. */
export const leadType = defineRecordType<typeof leads, typeof leadInputSchema, Lead, LeadRow>({
  kind: KINDS.lead,
  table: leads,
  input: leadInputSchema,
  title: (row) => row.name,
  search: {
    title: leads.name,
    subtitle: sql<string>`concat_ws(' · ', NULLIF(${leads.companyName}, ''), NULLIF(${leads.email}, ''), NULLIF(${leads.phone}, ''))`,
    text: leads.searchText,
  },
  columns: async (db, actor, input, before) => {
    await assertSource(db, actor.firmId, input.source, before?.source);
    // Keeping someone no longer active is fine; handing the lead to them is not.
    if (input.assignedTo !== (before?.assignedTo ?? null)) await assertAssignee(db, input.assignedTo);
    await assertReferrer(db, actor, input.ambassador, before?.ambassadorId ?? null, 'lead');
    // A new date, or a new assignee, gets its own reminder.
    const reminded = before && input.nextFollowUp === before.nextFollowUp && input.assignedTo === before.assignedTo;
    return { ...leadColumns(input), ...(before && !reminded ? { followUpNotifiedOn: null } : {}) };
  },
  audited: (r) => ({ ...shown(r), assignedTo: r.assignedTo, ambassador: r.ambassadorId }),
  people: ['assignedTo'],
  names: { ambassador: { table: ambassadors, id: ambassadors.id, name: ambassadors.name } },
  extra: {
    overdue,
    assignee: personColumn(leads.assignedTo),
    ambassador: refColumn(leads.ambassadorId, ambassadors, ambassadors.name),
    customer: refColumn(leads.convertedCustomerId, customers, customers.name),
    company: refColumn(leads.convertedCompanyId, companies, companies.name),
  },
  detail: (r, extra) => {
    const customer = extra.customer as Lead['ambassador'];
    return {
      ...shown(r),
      name: r.name,
      assignedTo: extra.assignee as Lead['assignedTo'],
      ambassador: extra.ambassador as Lead['ambassador'],
      overdue: extra.overdue as boolean,
      convertedTo: customer ? { customer, company: extra.company as Lead['ambassador'] } : null,
    };
  },
  // Deactivating someone hands on their open leads; won and lost ones keep their history.
  assignable: { open: OPEN_LEADS, alsoSet: sql`follow_up_notified_on = NULL` },
  list: leadList,
  // A converted lead is the customer's history.
  refuseDelete: (row) =>
    row.convertedAt
      ? `${row.name} was converted to a customer; the lead is kept as its history. Archive it instead.`
      : null,
});
