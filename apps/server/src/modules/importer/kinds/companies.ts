import { COMPANY_TYPE_LABELS, type CompanyType, companyInputSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../platform/http/errors';
import { getSettings } from '../../../platform/settings/settings.service';
import { readChoice, readList } from '../map/cells';
import { addressWords, mapsAddress, mergedAddresses, newAddresses, noteIssues, readAddress } from './contacts';
import { type Match, matchChecks, matchCounts } from './matching';
import { mappedSets, rowReader, setsFirst, stagedTags } from './rows';
import type { ImportSpec, ParsedRow } from './spec';

const MATCH: Match = {
  field: 'name',
  value: 'name',
  key: 'name_key',
  matched: 'company_id',
  noun: 'account',
  plural: 'accounts',
  what: 'name',
};

/** Field key → the account's column (the staged one of the same name). */
const COLUMN_OF = {
  type: 'type',
  email: 'email',
  phone: 'phone',
  website: 'website',
  tags: 'tags',
  notes: 'notes',
};

/** What an account's search text is made of (companies.service's, in SQL). */
// constant SQL: this file's table alias.
const searchText = sql.raw(
  `search_text_of(ARRAY[c.name, c.email, c.website] || ${addressWords('c')}, CASE WHEN c.phone = '' THEN '{}'::text[] ELSE ARRAY[c.phone] END)`,
);

/**
 * Accounts (code 13) by name: each row creates an account or updates the one of its name (the
 * mapped fields only), checked with the API's account schema; new ones take the account
 * settings' terms and credit limit, and the type Retail unless the file gives one.
 */
export const companyImport: ImportSpec<null> = {
  kind: 'company',
  entityType: 'company',
  stage: [
    { name: 'name', type: 'text' },
    { name: 'type', type: 'text' },
    { name: 'email', type: 'text' },
    { name: 'phone', type: 'text' },
    { name: 'website', type: 'text' },
    { name: 'address', type: 'jsonb' },
    { name: 'tags', type: 'jsonb' },
    { name: 'notes', type: 'text' },
  ],
  extra: ['name_key text GENERATED ALWAYS AS (lower(name)) STORED', 'company_id uuid'],
  prepare: async (_tx, { mapped }) => {
    if (!mapped.has('name')) {
      const message = 'Choose the column for Account: rows are matched to accounts by their name.';
      throw badRequest(message, { mapping: message });
    }
    return null;
  },
  parse: (cell, _prepared, { format }, numeric) => {
    const errors: ParsedRow['errors'] = [];
    const reader = rowReader(cell, errors, format, numeric);
    const { text, has, take } = reader;
    const type = has('type') ? take('type', readChoice<CompanyType>(text('type'), COMPANY_TYPE_LABELS)) : null;
    const address = readAddress(reader, errors, 'billing');
    const checked = companyInputSchema.safeParse({
      name: text('name'),
      type: type ?? 'retail',
      phone: text('phone'),
      email: text('email'),
      website: text('website'),
      tags: has('tags') ? readList(text('tags')) : [],
      notes: text('notes'),
    });
    if (!checked.success) noteIssues(checked.error, errors, text, (path) => String(path[0] ?? 'name'));
    const input = checked.success ? checked.data : null;
    return {
      errors,
      values: [
        input?.name ?? text('name').trim(),
        // Blank: a new account's Retail, an existing one's own (see `write`).
        type ?? null,
        input?.email ?? '',
        input?.phone ?? '',
        input?.website ?? '',
        address ? JSON.stringify(address) : null,
        JSON.stringify(input?.tags ?? []),
        input?.notes ?? '',
      ],
    };
  },
  check: async (tx, { actor, options }) => {
    await tx.execute(sql`UPDATE import_stage s SET company_id = c.id FROM companies c
      WHERE c.firm_id = ${actor.firmId} AND c.name_key = s.name_key AND s.errors IS NULL`);
    // A name two accounts share says nothing about which to update.
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT s.row_no, 'name', s.name, 'More than one account has this name: rename one first, so the row says which it updates.'
      FROM import_stage s WHERE s.errors IS NULL AND s.company_id IS NOT NULL
        AND (SELECT count(*) FROM companies c WHERE c.firm_id = ${actor.firmId} AND c.name_key = s.name_key) > 1`);
    await matchChecks(tx, options, MATCH);
  },
  count: (tx) => matchCounts(tx, MATCH),
  write: async (tx, { actor, importId, mapped }) => {
    const firm = actor.firmId;
    const user = actor.userId;
    const terms = (await getSettings(tx, firm, { banking: false })).companySettings;
    const sets = mappedSets(mapped, COLUMN_OF, { alias: 'c', columns: ['type'] });
    const addresses = mapsAddress(mapped) ? sql`addresses = ${mergedAddresses('c')},` : sql``;
    const updated = await tx.execute(sql`
      WITH changed AS (
        UPDATE companies c SET ${setsFirst(sets)} ${addresses}
          version = c.version + 1, updated_at = now(), updated_by = ${user}
        FROM import_stage s WHERE c.id = s.company_id AND c.firm_id = ${firm}
        RETURNING c.id, s.row_no),
      listed AS (
        INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
        SELECT ${firm}, ${importId}, 'company', id, row_no, 'update' FROM changed)
      SELECT count(*)::int AS n FROM changed`);
    const created = await tx.execute(sql`
      WITH made AS (
        INSERT INTO companies (firm_id, name, type, email, phone, website, addresses, tags, notes,
          payment_terms_days, credit_limit_cents, created_by, updated_by)
        SELECT ${firm}, s.name, COALESCE(s.type, 'retail'), s.email, s.phone, s.website, ${newAddresses}, ${stagedTags}, s.notes,
          ${terms.paymentTermsDays}, ${terms.creditLimitCents}, ${user}, ${user}
        FROM import_stage s WHERE s.company_id IS NULL ORDER BY s.row_no
        RETURNING id, name)
      INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
      SELECT ${firm}, ${importId}, 'company', m.id, s.row_no, 'create' FROM made m JOIN import_stage s ON s.name_key = lower(m.name)`);
    // The search text is made from the record as it is now: once the fields are set.
    await tx.execute(sql`UPDATE companies c SET search_text = ${searchText}
      FROM import_records r WHERE r.import_id = ${importId} AND r.entity_id = c.id`);
    return { created: created.rowCount ?? 0, updated: (updated.rows[0] as { n: number }).n };
  },
};
