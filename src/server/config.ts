import { existsSync } from 'node:fs';
import { z } from 'zod';

/**
 * The server's settings, parsed once from the environment (and an optional `.env`).
 * A bad value stops the server with a message that names the setting.
 */

const booleanSetting = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A whole number of at least 1. */
const countSetting = (max: number, fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );

const urlSetting = (protocols: string[], hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      }, hint)
      .optional(),
  );

const emailList = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.every((e) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)), 'must be a comma-separated list of e-mail addresses'),
);

/** A duration in seconds (fractions allowed, so tests can make it short). */
const secondsSetting = (max: number, fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds' })
      .min(0.05, 'must be at least 0.05 seconds')
      .max(max, `must be at most ${max} seconds`)
      .default(fallback),
  );

const settingsSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be a port number from 0 to 65535')
    .max(65535, 'must be a port number from 0 to 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  /** A request's headers and body must arrive within this time; a slower one is answered 408 and closed. */
  REQUEST_TIMEOUT_SECONDS: secondsSetting(3600, 30),
  /** A connection on which nothing moves for this long is closed (between requests too); live-update streams excepted. */
  IDLE_TIMEOUT_SECONDS: secondsSetting(3600, 75),
  /** Live-update streams (a board's server-sent events) open at once from one client address (an office shares one). */
  LIVE_UPDATES_PER_ADDRESS: countSetting(1_000_000, 500),
  /** Live-update streams open at once on this instance, from everyone. */
  LIVE_UPDATES_TOTAL: countSetting(1_000_000, 5000),
  DATABASE_URL: z
    .string()
    .trim()
    .default('./data/squares.db')
    .refine(
      (v) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^postgres(ql)?:\/\//i.test(v) || /^file:/i.test(v),
      'must be a SQLite file path (for example ./data/squares.db) or a postgres:// URL',
    ),
  /** Where `npm run backup` and the start before an upgrade put their backups (a folder each). */
  BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().trim().default('./backups')),
  PUBLIC_URL: urlSetting(['http:', 'https:'], 'must be an http:// or https:// URL such as https://squares.example.com'),
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  SMTP_URL: urlSetting(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587'),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().trim().default('Squares Pool <no-reply@squares.local>')),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().trim().startsWith('sk_', 'must start with sk_').optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().trim().startsWith('whsec_', 'must start with whsec_').optional()),
  /** Where the Stripe SDK sends its requests; only tests point it at a fake Stripe on 127.0.0.1. */
  STRIPE_API_BASE: urlSetting(['http:', 'https:'], 'must be an http(s):// URL'),
  ADMIN_EMAILS: emailList,
  ALLOW_SIGNUP: z.preprocess(emptyToUndefined, booleanSetting.default(true)),
  CONTACT_EMAIL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address')
      .optional(),
  ),
  /** Session signing secret; required in production, generated per run in trial mode. */
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /** Header that carries the client IP behind a trusted reverse proxy (e.g. x-forwarded-for). */
  TRUST_PROXY: z.preprocess(emptyToUndefined, booleanSetting.default(false)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Squares one checkout may take (its cart); more is refused with 400. */
  MAX_CART_SQUARES: countSetting(1000, 100),
  /** Squares one account may hold at once (unpaid, up to 35 minutes), across games and checkouts; more is refused with 409. */
  MAX_HELD_SQUARES: countSetting(1000, 100),
  /** How often the background sweeps run (checkout expiry and refunds, payout recovery). */
  SWEEP_INTERVAL_SECONDS: secondsSetting(3600, 60),
  /** D39: how often every instance looks for games whose kickoff has passed (sales are refused from kickoff on regardless). */
  KICKOFF_INTERVAL_SECONDS: secondsSetting(600, 10),
  /** How long a mail that cannot be sent (SMTP down, refused) is tried again before it is given up (design note 026). */
  MAIL_RETRY_HOURS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of hours' })
      .min(0.01, 'must be at least 0.01 hours')
      .max(720, 'must be at most 720 hours (30 days)')
      .default(24),
  ),
  /** How long a payout may stay `processing` before the recovery sweep hands it back to a person (failed, for Retry). */
  PAYOUT_LEASE_SECONDS: secondsSetting(86400, 120),
  /** Start with a new, empty SQLite database although this install's auth secret says it had one (the file is missing). */
  START_FRESH: z.preprocess(emptyToUndefined, booleanSetting.default(false)),
  /** Prometheus metrics at GET /metrics (design note 025); off by default. */
  METRICS: z.preprocess(emptyToUndefined, booleanSetting.default(false)),
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /** D38: new games draw from the drand beacon (`on`) or by commit-reveal (`off`); on by default except in tests. */
  DRAW_BEACON: z.preprocess(emptyToUndefined, z.enum(['on', 'off'], { error: 'must be on or off' }).optional()),
  /** D38: the drand relay asked for the quicknet chain (its chain hash and public key are pinned). */
  DRAW_BEACON_URL: urlSetting(['http:', 'https:'], 'must be an http(s):// URL such as https://api.drand.sh'),
  /** D39: the live score feed (`espn`) or none (`off`: no polling, no linking); espn by default except in tests. */
  SCORE_FEED: z.preprocess(emptyToUndefined, z.enum(['espn', 'off'], { error: 'must be espn or off' }).optional()),
  /** D39: the score feed's base URL; tests point it at a fake feed on 127.0.0.1. */
  SCORE_FEED_URL: urlSetting(['http:', 'https:'], 'must be an http(s):// URL such as https://site.api.espn.com'),
  /** D39: how often a linked game's live score is read while it is on (failures wait longer, backing off). */
  SCORE_FEED_INTERVAL_SECONDS: secondsSetting(3600, 30),
  /** D39: a read of the score feed that takes longer is given up (and retried with back-off). */
  SCORE_FEED_TIMEOUT_SECONDS: secondsSetting(120, 10),
});

export type Settings = Omit<z.infer<typeof settingsSchema>, 'DRAW_BEACON' | 'DRAW_BEACON_URL' | 'SCORE_FEED' | 'SCORE_FEED_URL'> & {
  /** D39: espn in production and trial, off in the test environment unless set. */
  SCORE_FEED: 'espn' | 'off';
  SCORE_FEED_URL: string;
  /** D38: on in production and trial, off in the test environment unless set. */
  DRAW_BEACON: 'on' | 'off';
  DRAW_BEACON_URL: string;
  /** Trial mode (D5): anything but NODE_ENV=production. */
  trialMode: boolean;
  database: DatabaseSettings;
};

export type DatabaseSettings = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

function databaseSettings(url: string): DatabaseSettings {
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: 'postgres', url };
  return { kind: 'sqlite', file: url.replace(/^file:/i, '') };
}

/** A postgres:// URL with a database name in its path. One the URL parser refuses is left for pg to judge when it connects. */
function namesDatabase(url: string): boolean {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return true;
  }
  return path.replace(/^\//, '').trim() !== '';
}

/** Parses settings from an environment object. Throws SettingsError naming each bad setting. */
export function parseSettings(env: Record<string, string | undefined>): Settings {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    throw new SettingsError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const s = parsed.data;
  const trialMode = s.NODE_ENV !== 'production';
  const problems: string[] = [];
  if (!trialMode) {
    // D5: production needs a known public origin and real mail delivery.
    if (!s.PUBLIC_URL) problems.push('PUBLIC_URL: is required when NODE_ENV=production (the address people open)');
    if (!s.SMTP_URL) problems.push('SMTP_URL: is required when NODE_ENV=production (mail must be delivered)');
    if (!s.AUTH_SECRET) problems.push('AUTH_SECRET: is required when NODE_ENV=production (32+ random characters)');
  }
  if (s.SMTP_URL && !s.PUBLIC_URL) {
    // Real mail must not carry links built from a request's Host header, which a sender controls.
    problems.push('PUBLIC_URL: is required when SMTP_URL is set (links in real e-mails must point to the real address)');
  }
  if (s.STRIPE_SECRET_KEY && !s.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set (payments are confirmed by the signed webhook)');
  }
  if (/^postgres(ql)?:\/\//i.test(s.DATABASE_URL) && !namesDatabase(s.DATABASE_URL)) {
    // Without one, PostgreSQL connects to the `postgres` database and the app's tables would fill it.
    problems.push('DATABASE_URL: must name the database, for example postgres://user:pass@127.0.0.1:5432/squares');
  }
  if (s.METRICS_TOKEN && !s.METRICS) problems.push('METRICS_TOKEN: is set but METRICS is not true (metrics are off)');
  if (problems.length) throw new SettingsError(problems);
  const DRAW_BEACON = s.DRAW_BEACON ?? (s.NODE_ENV === 'test' ? 'off' : 'on');
  const SCORE_FEED = s.SCORE_FEED ?? (s.NODE_ENV === 'test' ? 'off' : 'espn');
  return {
    ...s,
    DRAW_BEACON,
    DRAW_BEACON_URL: s.DRAW_BEACON_URL ?? 'https://api.drand.sh',
    SCORE_FEED,
    SCORE_FEED_URL: s.SCORE_FEED_URL ?? 'https://site.api.espn.com',
    trialMode,
    database: databaseSettings(s.DATABASE_URL),
  };
}

/** Reads `.env` (when present) into process.env without overriding what is already set, then parses. */
export function loadSettings(envFile = '.env'): Settings {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return parseSettings(process.env);
}
