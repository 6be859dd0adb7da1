import { vendorInputSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../platform/http/errors';
import { getSettings } from '../../../platform/settings/settings.service';
import { readList, readNumber } from '../map/cells';
import { type Match, matchChecks, matchCounts } from './matching';
import { mappedSets, rowReader, schemaErrors, setsFirst, stagedTags } from './rows';
import type { ImportSpec, ParsedRow } from './spec';

const MATCH: Match = {
  field: 'name',
  value: 'name',
  key: 'name_key',
  matched: 'vendor_id',
  noun: 'vendor',
  plural: 'vendors',
  what: 'name',
};

// Field key → the vendor's column, in the staged columns' order after the name.
const TEXTS = [
  ['contactName', 'contact_name'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['website', 'website'],
  ['accountNumber', 'account_number'],
  ['notes', 'notes'],
] as const;
const DAYS = [
  ['paymentTermsDays', 'payment_terms_days'],
  ['leadTimeDays', 'lead_time_days'],
] as const;

/**
 * What a vendor's search text is made of (vendors.service's, in SQL): its name, contact, email,
 * website, account number and each address's city and postcode, with its phone.
 */
const vendorSearchText = (v: string) =>
  // constant SQL: `v` is this file's table alias.
  sql.raw(`search_text_of(ARRAY[${v}.name, ${v}.contact_name, ${v}.email, ${v}.website, ${v}.account_number]
    || ARRAY(SELECT concat(a->>'city', ' ', a->>'postalCode') FROM jsonb_array_elements(${v}.addresses) a),
    CASE WHEN ${v}.phone = '' THEN '{}'::text[] ELSE ARRAY[${v}.phone] END)`);

/**
 * Vendors by name: each row creates a vendor or updates the one of its name (the mapped fields
 * only), checked with the API's vendor schema; new ones take the vendor settings' terms.
 */
export const vendorImport: ImportSpec<{ paymentTermsDays: number; leadTimeDays: number }> = {
  kind: 'vendor',
  entityType: 'vendor',
  stage: [
    { name: 'name', type: 'text' },
    ...TEXTS.map(([, column]) => ({ name: column, type: 'text' as const })),
    ...DAYS.map(([, column]) => ({ name: column, type: 'integer' as const })),
    { name: 'tags', type: 'jsonb' },
  ],
  extra: ['name_key text GENERATED ALWAYS AS (lower(name)) STORED', 'vendor_id uuid'],
  prepare: async (tx, { actor, mapped }) => {
    if (!mapped.has('name')) {
      const message = 'Choose the column for Name: rows are matched to vendors by it.';
      throw badRequest(message, { mapping: message });
    }
    const { paymentTermsDays, leadTimeDays } = (await getSettings(tx, actor.firmId, { banking: false })).vendorSettings;
    return { paymentTermsDays, leadTimeDays };
  },
  parse: (cell, prepared, { format }, numeric) => {
    const errors: ParsedRow['errors'] = [];
    const { text, has, take, formatOf } = rowReader(cell, errors, format, numeric);
    const days = DAYS.map(([field]) => (has(field) ? take(field, readNumber(text(field), formatOf(field))) : null));
    const checked = vendorInputSchema.safeParse({
      name: text('name'),
      ...Object.fromEntries(TEXTS.map(([field]) => [field, text(field)])),
      paymentTermsDays: days[0] ?? prepared.paymentTermsDays,
      leadTimeDays: days[1] ?? prepared.leadTimeDays,
      tags: has('tags') ? readList(text('tags')) : [],
    });
    const input = schemaErrors(checked, errors, text, 'name');
    return {
      errors,
      values: [
        input?.name ?? text('name').trim(),
        ...TEXTS.map(([field]) => (input?.[field] as string | undefined) ?? ''),
        // Blank: a new vendor's usual terms, an existing one's own (see `write`).
        days[0] == null ? null : (input?.paymentTermsDays ?? null),
        days[1] == null ? null : (input?.leadTimeDays ?? null),
        JSON.stringify(input?.tags ?? []),
      ],
    };
  },
  check: async (tx, { actor, options }) => {
    await tx.execute(sql`UPDATE import_stage s SET vendor_id = v.id FROM vendors v
      WHERE v.firm_id = ${actor.firmId} AND v.name_key = s.name_key AND s.errors IS NULL`);
    // A name two vendors share says nothing about which to update.
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT s.row_no, 'name', s.name, 'More than one vendor has this name: rename one first, so the row says which it updates.'
      FROM import_stage s WHERE s.errors IS NULL AND s.vendor_id IS NOT NULL
        AND (SELECT count(*) FROM vendors v WHERE v.firm_id = ${actor.firmId} AND v.name_key = s.name_key) > 1`);
    await matchChecks(tx, options, MATCH);
  },
  count: (tx) => matchCounts(tx, MATCH),
  write: async (tx, { actor, importId, mapped }) => {
    const firm = actor.firmId;
    const user = actor.userId;
    const terms = (await getSettings(tx, firm, { banking: false })).vendorSettings;
    const sets = mappedSets(mapped, Object.fromEntries([...TEXTS, ...DAYS, ['tags', 'tags']]), {
      alias: 'v',
      columns: DAYS.map(([, column]) => column),
    });
    // The search text is made from the row as it is now: once the fields are set.
    const updated = await tx.execute(sql`
      WITH changed AS (
        UPDATE vendors v SET ${setsFirst(sets)}
          version = v.version + 1, updated_at = now(), updated_by = ${user}
        FROM import_stage s WHERE v.id = s.vendor_id AND v.firm_id = ${firm}
        RETURNING v.id, s.row_no),
      listed AS (
        INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
        SELECT ${firm}, ${importId}, 'vendor', id, row_no, 'update' FROM changed)
      SELECT count(*)::int AS n FROM changed`);
    const created = await tx.execute(sql`
      WITH made AS (
        INSERT INTO vendors (firm_id, name, contact_name, email, phone, website, account_number, notes,
          payment_terms_days, lead_time_days, tags, created_by, updated_by)
        SELECT ${firm}, s.name, s.contact_name, s.email, s.phone, s.website, s.account_number, s.notes,
          COALESCE(s.payment_terms_days, ${terms.paymentTermsDays}), COALESCE(s.lead_time_days, ${terms.leadTimeDays}),
          ${stagedTags}, ${user}, ${user}
        FROM import_stage s WHERE s.vendor_id IS NULL ORDER BY s.row_no
        RETURNING id, name)
      INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
      SELECT ${firm}, ${importId}, 'vendor', m.id, s.row_no, 'create' FROM made m JOIN import_stage s ON s.name_key = lower(m.name)`);
    await tx.execute(sql`UPDATE vendors v SET search_text = ${vendorSearchText('v')}
      FROM import_records r WHERE r.import_id = ${importId} AND r.entity_id = v.id`);
    return { created: created.rowCount ?? 0, updated: (updated.rows[0] as { n: number }).n };
  },
};
