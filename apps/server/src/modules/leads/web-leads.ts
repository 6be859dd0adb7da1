import { randomBytes } from 'node:crypto';
import { type WebLeadCapture, webLeadSchema } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { enterScope } from '../../db/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { reserve } from '../../platform/auth/throttle';
import type { Actor } from '../../platform/http/access';
import { HttpError, notFound, validationError } from '../../platform/http/errors';
import { API_PREFIX } from '../../platform/http/routes';
import { firms } from '../../platform/identity/firms.table';
import { notify } from '../../platform/notifications/notifications.service';
import { activeStaffOrNone } from '../../platform/records/records';
import { leadColumns, leadSettingsOf, leadType } from './leads.service';
import { leadCaptureKeys } from './leads.table';

export const WEB_LEAD_PATH = '/public/leads/:key';
// A real visitor sends one enquiry; a script sending more from one address is throttled.
const PER_ADDRESS = 10;
const WINDOW_SECONDS = 10 * 60;
const WEB_SOURCE = 'Website';
const UNKNOWN_FORM = 'This form address is not valid. Ask the firm for its current one.';

const newKey = () => randomBytes(24).toString('base64url');

/** scheme://host[:port] of a web address, or null when it is not an http(s) address. */
export function originOf(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

async function captureOf(db: Executor, config: Config, firmId: string): Promise<WebLeadCapture> {
  const [row] = await db
    .select({ key: leadCaptureKeys.key, website: firms.website })
    .from(leadCaptureKeys)
    .innerJoin(firms, eq(firms.id, leadCaptureKeys.firmId))
    .where(eq(leadCaptureKeys.firmId, firmId));
  if (!row) throw new Error('capture key missing after insert');
  return {
    key: row.key,
    endpoint: `${config.appUrl}${API_PREFIX}${WEB_LEAD_PATH.replace(':key', row.key)}`,
    allowedOrigin: originOf(row.website),
  };
}

/** Gives the firm a form key unless it has one. */
export async function ensureCaptureKey(db: Executor, firmId: string, userId: string | null): Promise<void> {
  await db
    .insert(leadCaptureKeys)
    .values({ firmId, key: newKey(), createdBy: userId })
    .onConflictDoNothing({ target: leadCaptureKeys.firmId });
}

/** GET /leads/capture: the firm's form address, made on first request. */
export async function getCapture(db: Executor, actor: Actor, config: Config): Promise<WebLeadCapture> {
  await ensureCaptureKey(db, actor.firmId, actor.userId);
  return captureOf(db, config, actor.firmId);
}

/** POST /leads/capture/regenerate: a new key; the old address stops working at once. */
export async function regenerateCapture(db: Executor, actor: Actor, config: Config): Promise<WebLeadCapture> {
  await db
    .insert(leadCaptureKeys)
    .values({ firmId: actor.firmId, key: newKey(), createdBy: actor.userId })
    .onConflictDoUpdate({
      target: leadCaptureKeys.firmId,
      set: { key: sql`excluded.key`, createdBy: actor.userId, createdAt: sql`now()` },
    });
  // The key itself stays out of the history: it is as good as the form.
  await recordAudit(db, actor, { entityType: 'settings', entityId: actor.firmId, action: 'regenerate-web-lead-key' });
  return captureOf(db, config, actor.firmId);
}

type FormFirm = { firm_id: string; enabled: boolean; website: string | null };

async function formFirm(db: Executor, key: string): Promise<FormFirm | null> {
  if (key.length > 100) return null;
  const { rows } = await db.execute<FormFirm>(sql`SELECT * FROM web_lead_firm(${key})`);
  return rows[0] ?? null;
}

/**
 * CORS for the firm's own website only, without credentials: the form never carries a
 * session. Returns whether the caller may go on (no Origin: a server posting, which is fine).
 */
function allowOrigin(reply: FastifyReply, firm: FormFirm, origin: string | undefined): boolean {
  reply.header('Vary', 'Origin');
  if (origin === undefined) return true;
  const allowed = originOf(firm.website);
  if (!allowed || originOf(origin) !== allowed) return false;
  reply.header('Access-Control-Allow-Origin', allowed);
  return true;
}

/** OPTIONS of the form address: the browser's preflight before it posts JSON. */
export async function webLeadPreflight(
  db: Executor,
  key: string,
  origin: string | undefined,
  reply: FastifyReply,
): Promise<void> {
  const firm = await formFirm(db, key);
  if (!firm) throw notFound(UNKNOWN_FORM);
  if (origin !== undefined && allowOrigin(reply, firm, origin)) {
    reply.header('Access-Control-Allow-Methods', 'POST');
    reply.header('Access-Control-Allow-Headers', 'Content-Type');
    reply.header('Access-Control-Max-Age', '600');
  }
}

type WebLeadRequest = { key: string; origin: string | undefined; ip: string; reply: FastifyReply };

/** The form's firm, once its origin is allowed (CORS headers set, so the form reads every answer). */
async function admittedFirm(db: Executor, input: WebLeadRequest): Promise<FormFirm> {
  const firm = await formFirm(db, input.key);
  if (!firm) throw notFound(UNKNOWN_FORM);
  if (!allowOrigin(input.reply, firm, input.origin))
    throw new HttpError(403, 'forbidden', "This form only takes enquiries from the firm's own website.");
  if (!firm.enabled)
    throw new HttpError(403, 'feature_disabled', 'This firm does not take enquiries through this form at the moment.');
  return firm;
}

/**
 * The route's limit: every enquiry from an address counts, reserved before the request's own
 * transaction, so a script cannot send more in parallel nor retry bad bodies without limit.
 */
export async function reserveWebLead(db: Executor, input: WebLeadRequest): Promise<void> {
  const firm = await admittedFirm(db, input);
  await reserve(
    db,
    [{ key: `web-lead:${firm.firm_id}:${input.ip}`, max: PER_ADDRESS }],
    WINDOW_SECONDS,
    'enquiries from your address',
  );
}

/**
 * POST /api/v1/public/leads/{key}: an enquiry from the firm's website form becomes a new lead,
 * assigned to the firm's web-lead assignee, who is notified. The firm is found by its key (no
 * session, no cookies); from then on the request works inside that firm's scope.
 */
export async function submitWebLead(
  db: Executor,
  input: WebLeadRequest & { body: unknown },
): Promise<{ received: true }> {
  const firm = await admittedFirm(db, input);
  const sent = (input.body ?? {}) as Record<string, unknown>;
  // The honeypot: people never see the field, scripts fill it in. They hear what people hear.
  if (typeof sent.website === 'string' && sent.website.trim() !== '') return { received: true };
  const parsed = webLeadSchema.safeParse(input.body ?? {});
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const form = parsed.data;

  await enterScope(db, { firmId: firm.firm_id });
  const settings = await leadSettingsOf(db, firm.firm_id);
  const assignedTo = await activeStaffOrNone(db, settings.webLeadAssignee);
  const id = await leadType.insert(
    db,
    { firmId: firm.firm_id, userId: null },
    {
      ...leadColumns({
        firstName: form.firstName,
        lastName: form.lastName,
        companyName: form.companyName,
        email: form.email,
        phone: form.phone,
        source: settings.sources.includes(WEB_SOURCE) ? WEB_SOURCE : '',
        estimatedValueCents: 0,
        assignedTo,
        ambassador: null,
        nextFollowUp: null,
        tags: [],
        notes: '',
      }),
      message: form.message,
    },
  );
  const name = `${form.firstName} ${form.lastName}`.trim();
  if (assignedTo) await notify(db, firm.firm_id, assignedTo, `New web lead: ${name}`, `/u/leads/${id}`);
  return { received: true };
}
