import { customerInputSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../platform/http/errors';
import { getSettings } from '../../../platform/settings/settings.service';
import { readList } from '../map/cells';
import { addressWords, mapsAddress, mergedAddresses, newAddresses, noteIssues, readAddress } from './contacts';
import { type Match, matchChecks, matchCounts } from './matching';
import { mappedSets, rowReader, setsFirst, stagedTags } from './rows';
import type { ImportSpec, ParsedRow } from './spec';

const MATCH: Match = {
  field: 'email',
  value: 'email',
  key: 'email_key',
  matched: 'customer_id',
  noun: 'customer',
  plural: 'customers',
  what: 'email',
  // A row without an email is a new customer, never a duplicate of another without one.
  optional: true,
};

/** Field key → the customer's column (the staged one of the same name). */
const COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  source: 'source',
  tags: 'tags',
  notes: 'notes',
};

/** A full name is split at its last space when the file has no first or last name column. */
const splitsName = (mapped: ReadonlySet<string>) =>
  mapped.has('name') && !mapped.has('firstName') && !mapped.has('lastName');

/** What a customer's search text is made of (customers.service's, in SQL). */
// constant SQL: this file's table alias.
const searchText = sql.raw(
  `search_text_of(ARRAY[c.first_name, c.last_name] || ARRAY(SELECT e->>'email' FROM jsonb_array_elements(c.emails) e)
    || ${addressWords('c')}, ARRAY(SELECT p->>'number' FROM jsonb_array_elements(c.phones) p))`,
);

/** The API's paths in a customer's input, as the file's fields (a full name's parts are its column's). */
const fieldOf = (mapped: ReadonlySet<string>) => (path: readonly PropertyKey[]) => {
  const [head] = path;
  if (head === 'emails') return 'email';
  if (head === 'phones') return 'phone';
  if (head === 'firstName' && !mapped.has('firstName') && mapped.has('name')) return 'name';
  if (head === 'lastName' && splitsName(mapped)) return 'name';
  return String(head ?? 'firstName');
};

/**
 * Customers (code 8) by email: each row creates a customer or updates the one whose first email
 * it is (the mapped fields only), checked with the API's customer schema; a row without an email
 * is a new customer. A full name splits at its last space; the account is found by its name. The
 * file's phone and address become the customer's first; new customers consent to marketing only
 * when the customer settings say new customers do.
 */
export const customerImport: ImportSpec<null> = {
  kind: 'customer',
  entityType: 'customer',
  stage: [
    { name: 'email', type: 'text' },
    { name: 'first_name', type: 'text' },
    { name: 'last_name', type: 'text' },
    { name: 'phone', type: 'text' },
    { name: 'company_name', type: 'text' },
    { name: 'address', type: 'jsonb' },
    { name: 'source', type: 'text' },
    { name: 'tags', type: 'jsonb' },
    { name: 'notes', type: 'text' },
  ],
  extra: [
    'email_key text GENERATED ALWAYS AS (lower(email)) STORED',
    'customer_id uuid',
    'company_id uuid',
    // A new customer's id, made here so its row is known without a key to join on.
    'new_id uuid NOT NULL DEFAULT gen_random_uuid()',
  ],
  prepare: async (_tx, { options, mapped }) => {
    if (options.mode !== 'update' && !mapped.has('firstName') && !mapped.has('name')) {
      const message = 'Choose the column for First name or Name: new customers need one.';
      throw badRequest(message, { mapping: message });
    }
    if (!mapped.has('email') && options.mode !== 'create') {
      const message = 'Choose the column for Email: rows are matched to customers by it.';
      throw badRequest(message, { mapping: message });
    }
    return null;
  },
  parse: (cell, _prepared, { format, mapped }, numeric) => {
    const errors: ParsedRow['errors'] = [];
    const reader = rowReader(cell, errors, format, numeric);
    const { text, has } = reader;
    // A full name where there are no first and last name columns: "Ana María Ruiz" is Ana María, Ruiz.
    const whole = text('name').trim();
    const split = whole.lastIndexOf(' ');
    const byName = splitsName(mapped);
    const firstName = byName
      ? split > 0
        ? whole.slice(0, split)
        : whole
      : has('firstName')
        ? text('firstName')
        : whole;
    const lastName = byName ? (split > 0 ? whole.slice(split + 1) : '') : text('lastName');
    const email = text('email').trim();
    const phone = text('phone').trim();
    const address = readAddress(reader, errors, 'home');
    const checked = customerInputSchema.safeParse({
      // Not mapped (an update of other fields): a valid stand-in, left as it is by `write`.
      firstName: has('firstName') || has('name') ? firstName : 'Unchanged',
      lastName,
      emails: email ? [{ label: '', email }] : [],
      phones: phone ? [{ label: '', number: phone }] : [],
      source: text('source'),
      tags: has('tags') ? readList(text('tags')) : [],
      notes: text('notes'),
    });
    if (!checked.success) noteIssues(checked.error, errors, text, fieldOf(mapped));
    const input = checked.success ? checked.data : null;
    return {
      errors,
      values: [
        input?.emails[0]?.email ?? (email || null),
        input?.firstName ?? '',
        input?.lastName ?? '',
        input?.phones[0]?.number ?? null,
        text('company').trim() || null,
        address ? JSON.stringify(address) : null,
        input?.source ?? '',
        JSON.stringify(input?.tags ?? []),
        input?.notes ?? '',
      ],
    };
  },
  check: async (tx, { actor, options }) => {
    const firm = actor.firmId;
    await tx.execute(sql`UPDATE import_stage s SET customer_id = c.id FROM customers c
      WHERE c.firm_id = ${firm} AND c.primary_email = s.email_key AND s.errors IS NULL`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT s.row_no, 'email', s.email, 'More than one customer has this email: change one first, so the row says which it updates.'
      FROM import_stage s WHERE s.errors IS NULL AND s.customer_id IS NOT NULL
        AND (SELECT count(*) FROM customers c WHERE c.firm_id = ${firm} AND c.primary_email = s.email_key) > 1`);
    await matchChecks(tx, options, MATCH);
    // The account by its name, case aside: it must be there, and be the only one of that name.
    await tx.execute(sql`UPDATE import_stage s SET company_id = c.id FROM companies c
      WHERE c.firm_id = ${firm} AND c.name_key = lower(s.company_name) AND s.errors IS NULL`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT s.row_no, 'company', s.company_name, CASE WHEN s.company_id IS NULL
          THEN 'There is no account ' || s.company_name || '. Add it first, or import accounts.'
          ELSE 'More than one account is named ' || s.company_name || ': rename one first.' END
      FROM import_stage s WHERE s.errors IS NULL AND s.company_name IS NOT NULL AND (s.company_id IS NULL
        OR (SELECT count(*) FROM companies c WHERE c.firm_id = ${firm} AND c.name_key = lower(s.company_name)) > 1)`);
  },
  count: (tx) => matchCounts(tx, MATCH),
  write: async (tx, { actor, importId, mapped }) => {
    const firm = actor.firmId;
    const user = actor.userId;
    const consent = (await getSettings(tx, firm, { banking: false })).customerSettings.consentByDefault;
    // The name's columns: a full name fills the first name (and the last, when split).
    const names = new Set([...mapped].filter((field) => field !== 'name'));
    if (mapped.has('name') && !mapped.has('firstName')) names.add('firstName');
    if (splitsName(mapped)) names.add('lastName');
    const sets = [
      ...mappedSets(names, COLUMNS),
      ...(mapped.has('company') ? [sql`company_id = s.company_id`] : []),
      // The file's phone is the customer's first; a blank one keeps theirs.
      ...(mapped.has('phone')
        ? [
            sql`phones = CASE WHEN s.phone IS NULL THEN c.phones
              WHEN jsonb_array_length(c.phones) = 0 THEN jsonb_build_array(jsonb_build_object('label', '', 'number', s.phone))
              ELSE jsonb_set(c.phones, '{0,number}', to_jsonb(s.phone)) END`,
          ]
        : []),
      ...(mapsAddress(mapped) ? [sql`addresses = ${mergedAddresses('c')}`] : []),
    ];
    const updated = await tx.execute(sql`
      WITH changed AS (
        UPDATE customers c SET ${setsFirst(sets)}
          version = c.version + 1, updated_at = now(), updated_by = ${user}
        FROM import_stage s WHERE c.id = s.customer_id AND c.firm_id = ${firm}
        RETURNING c.id, s.row_no),
      listed AS (
        INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
        SELECT ${firm}, ${importId}, 'customer', id, row_no, 'update' FROM changed)
      SELECT count(*)::int AS n FROM changed`);
    const created = await tx.execute(sql`
      WITH made AS (
        INSERT INTO customers (id, firm_id, first_name, last_name, company_id, emails, phones, addresses, primary_email,
          source, tags, notes, marketing_consent, consent_at, created_by, updated_by)
        SELECT s.new_id, ${firm}, s.first_name, s.last_name, s.company_id,
          CASE WHEN s.email IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object('label', '', 'email', s.email)) END,
          CASE WHEN s.phone IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object('label', '', 'number', s.phone)) END,
          ${newAddresses}, COALESCE(s.email_key, ''), s.source, ${stagedTags}, s.notes,
          ${consent}, ${consent ? sql`now()` : sql`NULL`}, ${user}, ${user}
        FROM import_stage s WHERE s.customer_id IS NULL ORDER BY s.row_no
        RETURNING id)
      INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
      SELECT ${firm}, ${importId}, 'customer', s.new_id, s.row_no, 'create' FROM import_stage s WHERE s.customer_id IS NULL`);
    await tx.execute(sql`UPDATE customers c SET search_text = ${searchText}
      FROM import_records r WHERE r.import_id = ${importId} AND r.entity_id = c.id`);
    return { created: created.rowCount ?? 0, updated: (updated.rows[0] as { n: number }).n };
  },
};
