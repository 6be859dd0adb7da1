import type pg from 'pg';
import { APP_ROLE } from './columns';

/**
 * Two logins (decision 0014): the owner login owns the schema and runs migrations; the runtime
 * login the server serves requests with is a plain role whose only rights come from membership
 * of the application role. Row-level security never applies to superusers, to roles with
 * BYPASSRLS or to a table's owner, and `RESET ROLE` returns to the login role: so the login
 * itself must be none of those, nor able to become one.
 */
export type RuntimeLoginProblem = { reason: string };

/** What is wrong with the login of `client` as a runtime login, or null when nothing is. */
export async function runtimeLoginProblem(client: pg.Pool | pg.Client): Promise<RuntimeLoginProblem | null> {
  const { rows } = await client.query<{
    login: string;
    superuser: boolean;
    bypass: boolean;
    createrole: boolean;
    owns: string | null;
    owner_member: boolean;
    privileged_member: string | null;
    app_member: boolean;
  }>(
    `SELECT session_user AS login,
            r.rolsuper AS superuser,
            r.rolbypassrls AS bypass,
            r.rolcreaterole AS createrole,
            (SELECT c.relname FROM pg_class c
              WHERE c.relnamespace = 'public'::regnamespace AND pg_has_role(session_user, c.relowner, 'MEMBER')
              LIMIT 1) AS owns,
            pg_has_role(session_user, d.datdba, 'MEMBER') AS owner_member,
            (SELECT p.rolname FROM pg_roles p
              WHERE (p.rolsuper OR p.rolbypassrls OR p.rolcreaterole) AND p.rolname <> session_user
                AND pg_has_role(session_user, p.oid, 'MEMBER')
              LIMIT 1) AS privileged_member,
            pg_has_role(session_user, $1, 'MEMBER') AS app_member
     FROM pg_roles r, pg_database d
     WHERE r.rolname = session_user AND d.datname = current_database()`,
    [APP_ROLE],
  );
  const login = rows[0];
  if (!login) return { reason: 'the login role could not be read' };
  const name = `"${login.login}"`;
  if (login.superuser) return { reason: `${name} is a superuser` };
  if (login.bypass) return { reason: `${name} has BYPASSRLS` };
  if (login.owns) return { reason: `${name} owns (or can become the owner of) table ${login.owns}` };
  if (login.owner_member) return { reason: `${name} owns (or can become the owner of) the database` };
  // A role that may create roles may also grant itself membership of the owner.
  if (login.createrole) return { reason: `${name} has CREATEROLE` };
  if (login.privileged_member) return { reason: `${name} can become "${login.privileged_member}"` };
  if (!login.app_member) return { reason: `${name} is not a member of ${APP_ROLE}` };
  return null;
}

/** Refuses to go on when the runtime login could step out of row-level security. */
export async function assertRuntimeLogin(pool: pg.Pool): Promise<void> {
  const problem = await runtimeLoginProblem(pool);
  if (!problem) return;
  throw new Error(
    `The database login the server runs as must be a plain role: ${problem.reason}. ` +
      'Set DATABASE_URL to a login that only has the application role (see README, "Running against a real PostgreSQL server").',
  );
}

/**
 * Run by the owner login after migrating: makes the runtime login a member of the application
 * role. The first migration created that role, so the owner may grant it (PostgreSQL 16+ gives
 * a role's creator ADMIN OPTION; 15 lets any CREATEROLE role grant it). Without that right an
 * administrator grants it once, and this says how.
 */
export async function grantApplicationRole(owner: pg.Client, runtimeLogin: string): Promise<void> {
  const { rows } = await owner.query<{ member: boolean }>(
    `SELECT pg_has_role($1, $2, 'MEMBER') AS member FROM pg_roles WHERE rolname = $1`,
    [runtimeLogin, APP_ROLE],
  );
  if (!rows[0]) throw new Error(`The runtime login "${runtimeLogin}" (DATABASE_URL) does not exist.`);
  if (rows[0].member) return;
  try {
    // constant SQL: the role is ours; the login comes from our configuration, quoted as an identifier.
    await owner.query(`GRANT ${APP_ROLE} TO ${owner.escapeIdentifier(runtimeLogin)}`);
  } catch (error) {
    throw new Error(
      `The runtime login "${runtimeLogin}" is not a member of ${APP_ROLE}, and the owner login may not grant it (${(error as Error).message}). ` +
        `Run once as an administrator: GRANT ${APP_ROLE} TO ${owner.escapeIdentifier(runtimeLogin)};`,
    );
  }
}

/** The user name a connection URL logs in as. */
export const loginOf = (url: string): string => decodeURIComponent(new URL(url).username);
