import { sql } from 'drizzle-orm';
import { type Db, type Executor, type Tx, transactionWith } from './client';
import { APP_ROLE } from './columns';

export type Scope = { firmId: string | null; userId?: string | null };

/**
 * Puts a transaction in a firm's scope: SET LOCAL ROLE to the application role and SET LOCAL
 * app.firm_id, which every row-level security policy reads. Both end with the transaction.
 */
export async function enterScope(tx: Executor, scope: Scope): Promise<void> {
  await tx.execute(
    sql`SELECT set_config('role', ${APP_ROLE}, true), set_config('app.firm_id', ${scope.firmId ?? ''}, true), set_config('app.user_id', ${scope.userId ?? ''}, true)`,
  );
}

/**
 * Runs `fn` in one transaction scoped to a firm (or to no firm, which sees no tenant rows). The
 * scope is set in the round trip that begins the transaction.
 */
export function inScope<T>(db: Db, scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return (
    transactionWith(
      db,
      (client) =>
        `SELECT set_config('role', ${client.escapeLiteral(APP_ROLE)}, true), ` +
        `set_config('app.firm_id', ${client.escapeLiteral(scope.firmId ?? '')}, true), ` +
        `set_config('app.user_id', ${client.escapeLiteral(scope.userId ?? '')}, true)`,
      fn,
    ) ??
    db.transaction(async (tx) => {
      await enterScope(tx, scope);
      return fn(tx);
    })
  );
}
