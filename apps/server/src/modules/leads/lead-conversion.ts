import {
  type ConvertLeadResult,
  companyInputSchema,
  type convertLeadSchema,
  customerInputSchema,
  customerJobInputSchema,
  hasCode,
  KINDS,
  P,
  type PersonRef,
} from '@atelier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { announce } from '../../platform/events/events';
import { files } from '../../platform/files/files.table';
import type { Actor } from '../../platform/http/access';
import { conflict, forbidden } from '../../platform/http/errors';
import { interactions } from '../../platform/interactions/interactions.table';
import { activeStaffOrNone, updateVersioned } from '../../platform/records/records';
import { companyType } from '../companies';
import { customers, customerType } from '../customers';
import { customerJobType } from '../jobs';
import { leadType } from './leads.service';
import { leads } from './leads.table';

// A remodelling firm's clients buy for their own homes or businesses; the account's type can
// be changed on the account afterwards.
const ACCOUNT_TYPE = 'retail';
const NOTES_MAX = 10_000;

/**
 * Makes the lead a customer (and an account, when asked and the lead names a company) through
 * their own services, so both are audited and searchable; moves the lead's interactions and
 * files to the customer so nothing said or sent is lost; marks the lead won and converted.
 * One request, one transaction: any refusal leaves everything as it was.
 */
export async function convertLead(
  db: Executor,
  actor: Actor,
  id: string,
  input: z.output<typeof convertLeadSchema>,
): Promise<ConvertLeadResult> {
  if (!hasCode(actor.codes, P.MODIFY_USERS))
    throw forbidden('You do not have permission to create customers, so you cannot convert this lead.');
  const jobKind = KINDS.customer_job;
  if (input.job && !(hasCode(actor.codes, jobKind.codes.modify) && actor.features.includes(jobKind.feature)))
    throw forbidden('You do not have permission to create jobs. Convert without a job.');
  const lead = await leadType.findRow(db, id, true);
  if (lead.convertedAt) {
    const [made] = lead.convertedCustomerId
      ? await db.select({ name: customers.name }).from(customers).where(eq(customers.id, lead.convertedCustomerId))
      : [];
    throw conflict(`${lead.name} was already converted${made ? ` to the customer ${made.name}` : ''}.`);
  }
  const makeAccount = input.createAccount && lead.companyName !== '';
  if (makeAccount && !hasCode(actor.codes, P.MODIFY_COMPANIES))
    throw forbidden('You do not have permission to create accounts. Convert without an account.');

  const assignedTo = await activeStaffOrNone(db, lead.assignedTo);
  let company: PersonRef | null = null;
  if (makeAccount) {
    const made = await companyType.create(
      db,
      actor,
      companyInputSchema.parse({ name: lead.companyName, type: ACCOUNT_TYPE, assignedTo }),
    );
    company = { _id: made._id, name: made.name };
  }
  const notes = [lead.notes, lead.message && `From the website form:\n${lead.message}`]
    .filter(Boolean)
    .join('\n\n')
    .slice(0, NOTES_MAX);
  const customer = await customerType.create(
    db,
    actor,
    customerInputSchema.parse({
      firstName: lead.firstName,
      lastName: lead.lastName,
      company: company?._id ?? null,
      ambassador: lead.ambassadorId,
      emails: lead.email ? [{ label: 'Email', email: lead.email }] : [],
      phones: lead.phone ? [{ label: 'Phone', number: lead.phone }] : [],
      assignedTo,
      source: lead.source,
      tags: lead.tags,
      notes,
    }),
    { keptReferral: lead.ambassadorId },
  );

  const moved = { entityType: 'customer', entityId: customer._id };
  await db
    .update(interactions)
    .set(moved)
    .where(and(eq(interactions.entityType, 'lead'), eq(interactions.entityId, id)));
  await db
    .update(files)
    .set(moved)
    .where(and(eq(files.entityType, 'lead'), eq(files.entityId, id)));

  const after = await updateVersioned(db, actor, leads, id, input.version, 'lead', {
    status: 'won',
    lostReason: '',
    convertedCustomerId: customer._id,
    convertedCompanyId: company?._id ?? null,
    convertedAt: sql`now()`,
  });
  await recordAudit(db, actor, {
    entityType: 'lead',
    entityId: id,
    action: 'convert',
    version: after.version,
    before: { status: lead.status, customer: null, account: null },
    after: { status: 'won', customer: customer.name, account: company?.name ?? null },
  });
  if (lead.status !== 'won') await announce(db, actor, 'lead.won', { leadId: id, name: lead.name, assignedTo });
  // The job, the customer's (and its account's), run by whoever had the lead.
  const job = input.job
    ? await customerJobType.create(
        db,
        actor,
        customerJobInputSchema.parse({
          customer: customer._id,
          name: input.job.name,
          startDate: input.job.startDate,
          template: input.job.template,
          manager: assignedTo,
        }),
      )
    : null;
  return {
    customer: { _id: customer._id, name: customer.name },
    company,
    job: job && { _id: job._id, name: job.name },
  };
}
