import {
  ACCOUNT_ROLE_INFO,
  ACCOUNT_ROLES,
  type AccountingMapping,
  type AccountMappingRow,
  type AccountRole,
  type accountingMappingInputSchema,
  defaultAdapter,
  type LedgerAccountType,
} from '@atelier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { journalSources } from '../../platform/modules/journal';
import { getSettings, saveSettings } from '../../platform/settings/settings.service';
import { accountingAccounts } from './accounting.table';

/** A role's ledger account: the one mapped for its key, else the one mapped for the role, else the default. */
export type Resolve = (role: AccountRole, key?: string) => { account: string; type: LedgerAccountType };

const slot = (role: string, key: string) => `${role}\u0000${key}`;

async function stored(db: Executor, firmId: string) {
  return db
    .select({ role: accountingAccounts.role, key: accountingAccounts.key, account: accountingAccounts.account })
    .from(accountingAccounts)
    .where(eq(accountingAccounts.firmId, firmId));
}

/** The firm's mapping as a function, for one export. */
export async function loadMapping(db: Executor, firmId: string): Promise<Resolve> {
  const accounts = new Map((await stored(db, firmId)).map((r) => [slot(r.role, r.key), r.account]));
  return (role, key = '') => ({
    account: accounts.get(slot(role, key)) ?? accounts.get(slot(role, '')) ?? ACCOUNT_ROLE_INFO[role].account,
    type: ACCOUNT_ROLE_INFO[role].type,
  });
}

/** The keys the sources declare (payment methods, categories, money accounts), with their labels. */
async function declaredKeys(db: Executor, firmId: string) {
  const keys = new Map<string, { role: AccountRole; key: string; label: string }>();
  for (const source of journalSources())
    for (const k of (await source.accountKeys?.(db, firmId)) ?? []) keys.set(slot(k.role, k.key), k);
  return keys;
}

/** GET /accounting/mapping: every role, and each key a source declares or the firm mapped, with its account. */
export async function getMapping(db: Executor, firmId: string): Promise<AccountingMapping> {
  const rows = await stored(db, firmId);
  const mapped = new Map(rows.map((r) => [slot(r.role, r.key), r.account]));
  const keys = await declaredKeys(db, firmId);
  for (const r of rows)
    if (r.key && !keys.has(slot(r.role, r.key)))
      keys.set(slot(r.role, r.key), { role: r.role, key: r.key, label: r.key });
  const accounts: AccountMappingRow[] = [];
  for (const role of ACCOUNT_ROLES) {
    const info = ACCOUNT_ROLE_INFO[role];
    const base = mapped.get(slot(role, '')) ?? info.account;
    accounts.push({
      role,
      key: '',
      label: info.label,
      account: base,
      defaultAccount: info.account,
      mapped: mapped.has(slot(role, '')),
      type: info.type,
    });
    const ofRole = [...keys.values()].filter((k) => k.role === role).sort((a, b) => a.label.localeCompare(b.label));
    for (const k of ofRole)
      accounts.push({
        role,
        key: k.key,
        label: `${info.label}: ${k.label}`,
        account: mapped.get(slot(role, k.key)) ?? base,
        defaultAccount: base,
        mapped: mapped.has(slot(role, k.key)),
        type: info.type,
      });
  }
  const system = (await getSettings(db, firmId)).firmSettings.accounting;
  return { system, adapter: defaultAdapter(system), accounts };
}

/**
 * PUT /accounting/mapping (104): the accounts given change, an empty one goes back to its
 * default, the others stay (two people mapping different roles keep both). A key is only for a
 * role mapped per something. The accounting software chosen is the firm setting `accounting`.
 */
export async function putMapping(
  db: Executor,
  actor: Actor,
  input: z.output<typeof accountingMappingInputSchema>,
): Promise<AccountingMapping> {
  const errors: Record<string, string> = {};
  input.accounts.forEach((a, i) => {
    if (a.key && !ACCOUNT_ROLE_INFO[a.role].per)
      errors[`accounts.${i}.key`] = `${ACCOUNT_ROLE_INFO[a.role].label} is one account, not one per anything.`;
  });
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
  const before = new Map((await stored(db, actor.firmId)).map((r) => [slot(r.role, r.key), r.account]));
  // History entries are keyed by role and key, which the person typed: no prototype to reach.
  const was: Record<string, unknown> = Object.create(null);
  const now: Record<string, unknown> = Object.create(null);
  for (const a of input.accounts) {
    const name = a.key ? `${a.role}:${a.key}` : a.role;
    const old = before.get(slot(a.role, a.key)) ?? null;
    const next = a.account === '' ? null : a.account;
    if (old === next) continue;
    was[name] = old;
    now[name] = next;
    if (next === null)
      await db
        .delete(accountingAccounts)
        .where(
          and(
            eq(accountingAccounts.firmId, actor.firmId),
            eq(accountingAccounts.role, a.role),
            eq(accountingAccounts.key, a.key),
          ),
        );
    else
      await db
        .insert(accountingAccounts)
        .values({ firmId: actor.firmId, role: a.role, key: a.key, account: next, updatedBy: actor.userId })
        .onConflictDoUpdate({
          target: [accountingAccounts.firmId, accountingAccounts.role, accountingAccounts.key],
          set: { account: next, updatedBy: actor.userId, updatedAt: sql`now()` },
        });
  }
  if (Object.keys(now).length)
    await recordAudit(db, actor, {
      entityType: 'accounting_mapping',
      entityId: actor.firmId,
      action: 'update',
      before: was,
      after: now,
    });
  if (input.system !== undefined) {
    const current = (await getSettings(db, actor.firmId)).firmSettings.accounting;
    if (current !== input.system) await saveSettings(db, actor, 'firmSettings', { accounting: input.system });
  }
  return getMapping(db, actor.firmId);
}
