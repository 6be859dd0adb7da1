import {
  type Company,
  type CompanyFinancials,
  type CompanyRow,
  companyInputSchema,
  hasCode,
  KINDS,
  P,
} from '@atelier/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { files } from '../../platform/files/files.table';
import type { Actor } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { buildSearchText, idsIn } from '../../platform/lists/list';
import { defineRecordType, personColumn } from '../../platform/records/lifecycle';
import { assertAssignee, updateVersioned } from '../../platform/records/records';
import { referenceCount } from '../../platform/records/references';
import { getSettings } from '../../platform/settings/settings.service';
import { companies } from './companies.table';

type Row = typeof companies.$inferSelect;

const assignee = personColumn(companies.assignedTo);
// Its active contacts: the customers module registers their reference (company_id).
const contactCount = referenceCount(KINDS.company, 'contact', companies.id, { unarchived: true });

/** An account's own fields, as its page and its history show them. */
const shown = (r: Row) => ({
  name: r.name,
  type: r.type,
  phone: r.phone,
  email: r.email,
  website: r.website,
  addresses: r.addresses,
  tags: r.tags,
  notes: r.notes,
});

const financialsOf = (r: Row) => ({
  paymentTermsDays: r.paymentTermsDays,
  creditLimitCents: r.creditLimitCents,
  priceLevel: r.priceLevel,
  taxExempt: r.taxExempt,
  taxCertificateFileId: r.taxCertificateFileId,
});

/** Accounts: businesses the firm sells to, with contacts (customers) and financials (15). */
export const companyType = defineRecordType<typeof companies, typeof companyInputSchema, Company, CompanyRow>({
  kind: KINDS.company,
  table: companies,
  input: companyInputSchema,
  title: (row) => row.name,
  search: {
    title: companies.name,
    subtitle: sql<string>`concat_ws(' · ', NULLIF(${companies.email}, ''), NULLIF(${companies.phone}, ''))`,
    text: companies.searchText,
  },
  columns: async (db, actor, input, before) => {
    await assertAssignee(db, input.assignedTo);
    // A new account starts with the firm's usual terms and credit limit (account settings, 16).
    const terms = before ? null : (await getSettings(db, actor.firmId, { banking: false })).companySettings;
    return {
      ...input,
      ...(terms ? { paymentTermsDays: terms.paymentTermsDays, creditLimitCents: terms.creditLimitCents } : {}),
      searchText: buildSearchText(
        [input.name, input.email, input.website, ...input.addresses.map((a) => `${a.city} ${a.postalCode}`)],
        input.phone ? [input.phone] : [],
      ),
    };
  },
  audited: (r) => ({ ...shown(r), assignedTo: r.assignedTo }),
  people: ['assignedTo'],
  extra: { assignee, contacts: contactCount },
  detail: (r, extra, actor) => ({
    ...shown(r),
    assignedTo: extra.assignee as Company['assignedTo'],
    contacts: extra.contacts as number,
    ...(hasCode(actor.codes, P.COMPANY_FINANCIALS)
      ? {
          financials: {
            paymentTermsDays: r.paymentTermsDays,
            creditLimitCents: r.creditLimitCents,
            priceLevel: r.priceLevel,
            taxExempt: r.taxExempt,
            taxCertificate: r.taxCertificateFileId,
          },
        }
      : {}),
  }),
  assignable: {},
  list: {
    filters: { assigned: idsIn(companies.assignedTo, 'assignee', true) },
    // The declared financials ride along for holders of 15; the list route takes them out for the rest.
    rowFields: { city: sql<string>`COALESCE(${companies.addresses}->0->>'city', '')`, contacts: contactCount },
  },
  // Its contacts, as the customers module registered them (registerReference).
  references: { verb: 'has', advice: 'Archive the account instead, or move its contacts first.' },
});

/** PUT /companies/{id}/financials: the settings tab (15), on the version it was opened on. */
export async function updateFinancials(
  db: Executor,
  actor: Actor,
  id: string,
  input: CompanyFinancials & { version: number },
) {
  const before = await companyType.findRow(db, id, true);
  if (input.taxCertificate) {
    const [file] = await db
      .select({ id: files.id })
      .from(files)
      .where(
        and(
          eq(files.id, input.taxCertificate),
          eq(files.entityType, 'company'),
          eq(files.entityId, id),
          isNull(files.deletedAt),
        ),
      );
    if (!file)
      throw badRequest('Attach the certificate to this account first.', {
        taxCertificate: 'Choose one of this account’s files.',
      });
  }
  const { taxCertificate, version: _version, ...rest } = input;
  const values = { ...rest, taxCertificateFileId: taxCertificate };
  const after = await updateVersioned(db, actor, companies, id, input.version, KINDS.company.noun, values);
  await recordAudit(db, actor, {
    entityType: 'company',
    entityId: id,
    action: 'update',
    version: after.version,
    before: financialsOf(before),
    after: financialsOf(after),
  });
  return companyType.get(db, actor, id);
}

/** An account chosen on another record (a customer's, a job's) is one of the firm's: else 400. */
export async function assertCompany(db: Executor, companyId: string | null, field = 'company'): Promise<void> {
  if (!companyId) return;
  const [found] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!found) throw badRequest('Choose an account from the list.', { [field]: 'Choose an account from the list.' });
}
