import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
// src/ in development and tests, dist/ when built: both sit directly in apps/server.
const serverRoot = path.resolve(here, '..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.url().optional(),
  DATABASE_OWNER_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  FILES_DIR: z.string().optional(),
  FILES_QUOTA_MB: z.coerce.number().int().min(1).default(2048),
  APP_URL: z.url().optional(),
  SEED_DEMO: bool.optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Atelier <no-reply@atelier.localhost>'),
  APP_SECRET: z.string().min(32, 'Use at least 32 characters.').optional(),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().default('127.0.0.1'),
  REPLY_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'Use a domain like replies.yourfirm.com.')
    .optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(7 * 24 * 60),
  SESSION_MAX_AGE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(30 * 24 * 60),
  RESET_TOKEN_MINUTES: z.coerce.number().int().min(1).max(60).default(60),
  SIGN_IN_MAX_FAILURES_PER_PAIR: z.coerce.number().int().min(1).default(5),
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  SIGN_IN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  STORE_PAGES_PER_MINUTE: z.coerce.number().int().min(1).default(240),
  STORE_IMAGES_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  DB_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  MAX_CONCURRENT_PER_SESSION: z.coerce.number().int().min(1).default(4),
  MAX_CONCURRENT_PER_FIRM: z.coerce.number().int().min(1).optional(),
  FAIR_SHARE_WAIT_MS: z.coerce.number().int().min(0).default(2000),
  WEB_DIST: z.string().default(path.resolve(serverRoot, '../web/dist')),
  OUTBOUND_ALLOW: z.string().default(''),
  LIEN_RULES_FILE: z.string().default(path.resolve(serverRoot, 'rules/lien-rules.json')),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /**
   * Set: use this PostgreSQL server, logging in as this plain runtime role. Unset: start the
   * embedded one in dataDir, which makes both logins itself.
   */
  databaseUrl: string | undefined;
  /** The owner login that runs migrations (and seeds); required with `databaseUrl`. */
  databaseOwnerUrl: string | undefined;
  dataDir: string;
  /** Uploaded files (generated names only); defaults to <dataDir>/files. */
  filesDir: string;
  /** Per-firm file storage limit. */
  filesQuotaBytes: number;
  /** Base of every link the server writes (emails); never taken from a request's Host. */
  appUrl: string;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The key that signs links the server hands out without storing them (unsubscribe links):
   * APP_SECRET, else one the server makes once and keeps in the data folder (`appSecret`).
   */
  appSecret: string | undefined;
  /**
   * Replies to one-to-one emails (the messaging module) come back to addresses at `replyDomain`
   * (REPLY_DOMAIN, else APP_URL's host), received by the server's own SMTP endpoint on
   * INBOUND_SMTP_PORT (unset: not started) at INBOUND_SMTP_HOST.
   */
  replyDomain: string;
  inboundSmtp: { port: number; host: string } | null;
  trustProxy: boolean;
  logLevel: string;
  session: { idleSeconds: number; maxAgeSeconds: number; secureCookie: boolean };
  resetTokenMinutes: number;
  /** Sign-in attempts per window: per (account, address) strictly, per account and per address loosely. */
  signInThrottle: { perPair: number; perAccount: number; perAddress: number; windowSeconds: number };
  storeThrottle: { pagesPerMinute: number; imagesPerMinute: number };
  dbPoolSize: number;
  /** Requests running at once per session and per firm, and how long one waits for its turn (decision 0016). */
  fairShare: { perSession: number; perFirm: number; maxWaitMs: number };
  webDist: string;
  migrationsDir: string;
  /**
   * Addresses the server may fetch from though they are not public (an image server on the
   * firm's own network; the tests' local one): none unless set (OUTBOUND_ALLOW, comma-separated).
   */
  outboundAllow: string[];
  /** The mechanic-lien deadline rules (a later version of the supplied file replaces it; decision 0048). */
  lienRulesFile: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to nothing (DATABASE_URL=) counts as not set.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.DATABASE_URL) !== Boolean(e.DATABASE_OWNER_URL)) {
    throw new Error(
      'Invalid configuration:\n  An external PostgreSQL server takes two logins: DATABASE_URL, a plain role the server runs as, and DATABASE_OWNER_URL, the role that owns the database and runs migrations. Set both, or neither to use the embedded database.',
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    dataDir: path.resolve(e.DATA_DIR),
    filesDir: path.resolve(e.FILES_DIR ?? path.join(e.DATA_DIR, 'files')),
    filesQuotaBytes: e.FILES_QUOTA_MB * 1024 * 1024,
    appUrl,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    appSecret: e.APP_SECRET,
    replyDomain: (e.REPLY_DOMAIN ?? new URL(appUrl).hostname).toLowerCase(),
    inboundSmtp: e.INBOUND_SMTP_PORT ? { port: e.INBOUND_SMTP_PORT, host: e.INBOUND_SMTP_HOST } : null,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    session: {
      idleSeconds: e.SESSION_IDLE_MINUTES * 60,
      maxAgeSeconds: e.SESSION_MAX_AGE_MINUTES * 60,
      secureCookie: appUrl.startsWith('https://'),
    },
    resetTokenMinutes: e.RESET_TOKEN_MINUTES,
    signInThrottle: {
      perPair: e.SIGN_IN_MAX_FAILURES_PER_PAIR,
      perAccount: e.SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: e.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: e.SIGN_IN_WINDOW_MINUTES * 60,
    },
    // The public store's limits per client address and minute (decision 0050).
    storeThrottle: { pagesPerMinute: e.STORE_PAGES_PER_MINUTE, imagesPerMinute: e.STORE_IMAGES_PER_MINUTE },
    dbPoolSize: e.DB_POOL_SIZE,
    fairShare: {
      perSession: e.MAX_CONCURRENT_PER_SESSION,
      // Half the pool: however busy one firm is, the others always find connections free.
      perFirm: e.MAX_CONCURRENT_PER_FIRM ?? Math.max(1, Math.ceil(e.DB_POOL_SIZE / 2)),
      maxWaitMs: e.FAIR_SHARE_WAIT_MS,
    },
    webDist: path.resolve(e.WEB_DIST),
    migrationsDir: path.resolve(serverRoot, 'drizzle'),
    outboundAllow: e.OUTBOUND_ALLOW.split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    lienRulesFile: path.resolve(e.LIEN_RULES_FILE),
  };
}
