import { randomBytes, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only place that reads process.env. Parsed once at boot; a bad value stops start-up with a
 * message naming the variable.
 */

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** The proxy-addr names Fastify understands besides addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxies may name the client in X-Forwarded-For. Off (the socket address is the
 * client), a hop count, or proxy addresses/CIDRs and proxy-addr's names (`loopback`). Trusting every
 * hop is refused: any client could then choose its own address and escape the per-IP limits.
 */
const TrustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default('off')
    .transform((raw, ctx): false | number | string[] => {
      const value = raw.trim();
      if (['off', 'false', '0'].includes(value)) return false;
      if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
      const entries = value.split(',').map((entry) => entry.trim());
      if (entries.every((entry) => entry && isProxyAddress(entry))) return entries;
      ctx.addIssue({
        code: 'custom',
        message: `must be off, a hop count (1-10), loopback, or a comma list of proxy addresses/CIDRs such as 127.0.0.1,10.0.0.0/8 (got "${value}")`,
      });
      return z.NEVER;
    }),
);

/**
 * REQUIRE_MFA_ROLES: the roles that must turn on two-factor sign-in before any admin route answers
 * them. Only ADMIN and MASTER use admin routes, so only they may be named (EVENT_WORKER stays optional).
 */
const MFA_ROLE_CHOICES = ['ADMIN', 'MASTER'] as const;
type MfaRole = (typeof MFA_ROLE_CHOICES)[number];
const RequireMfaRoles = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((raw, ctx): MfaRole[] | undefined => {
      if (raw === undefined) return undefined;
      const value = raw.trim().toUpperCase();
      if (value === 'NONE') return [];
      const entries = [...new Set(value.split(',').map((entry) => entry.trim()))];
      if (entries.every((entry): entry is MfaRole => (MFA_ROLE_CHOICES as readonly string[]).includes(entry))) {
        return entries;
      }
      ctx.addIssue({
        code: 'custom',
        message: `must be a comma list of ADMIN and MASTER, or none (got "${raw}")`,
      });
      return z.NEVER;
    }),
);

/** S3_ENDPOINT: the bucket server's base URL (MinIO, R2, ...); a path or query would be signed wrongly. */
const S3Endpoint = z.preprocess(
  emptyToUndefined,
  z
    .url()
    .refine((url) => {
      const { protocol, pathname, search, hash } = new URL(url);
      return ['http:', 'https:'].includes(protocol) && pathname === '/' && !search && !hash;
    }, 'must be an http:// or https:// base URL without a path, such as https://minio.example.com:9000')
    .optional(),
);

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).optional()),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
  ),
  APP_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  TICKET_SIGNING_KEY: optionalString,
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('FourFour <no-reply@fourfour.local>')),
  AR_TEAM_EMAIL: z.preprocess(emptyToUndefined, z.email().default('ar@fourfour.local')),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().default('support@fourfour.local')),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ENTRY: optionalString,
  STRIPE_PRICE_MIDDLE: optionalString,
  STRIPE_PRICE_HEADLINER: optionalString,
  STRIPE_API_URL: optionalUrl,
  PAYMENTS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['stripe', 'local']).optional()),
  MASTER_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  MASTER_PASSWORD: optionalString,
  DEMO_DATA: z.preprocess(emptyToUndefined, z.enum(['1', '0', 'true', 'false']).optional()),
  APP_TIMEZONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('Europe/London')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en-GB', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone such as Europe/London'),
  ),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
  ),
  RATE_LIMIT: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  DEV_MAILBOX: z.preprocess(emptyToUndefined, z.enum(['on', 'local', 'off']).optional()),
  TRUST_PROXY: TrustProxy,
  TLS_CERT_FILE: optionalString,
  TLS_KEY_FILE: optionalString,
  REQUIRE_MFA_ROLES: RequireMfaRoles,
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be an S3 bucket name (3-63 lower-case letters, digits, . and -)',
      )
      .optional(),
  ),
  S3_ENDPOINT: S3Endpoint,
  S3_REGION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as us-east-1 (or auto for R2)')
      .default('us-east-1'),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).default('false')),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appSecret: string;
  ticketSigningKeyPem: string;
  /**
   * The keys this instance made up (development, not set in the environment). With DATABASE_URL
   * they are shared through the database before the app starts (db/shared-keys.ts), so that every
   * instance on it signs and verifies with the same ones; without it they live in DATA_DIR/keys.
   */
  generatedKeys: { appSecret: boolean; ticketSigningKey: boolean };
  smtpUrl: string | undefined;
  mailFrom: string;
  arTeamEmail: string;
  supportEmail: string;
  payments: {
    provider: 'stripe' | 'local';
    stripeSecretKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    stripeApiUrl: string | undefined;
    stripePrices: { ENTRY?: string; MIDDLE?: string; HEADLINER?: string };
  };
  masterEmail: string | undefined;
  masterPassword: string | undefined;
  demoData: boolean;
  timezone: string;
  redisUrl: string | undefined;
  rateLimit: boolean;
  /**
   * Who may read the dev mailbox (only without SMTP_URL, never in production): 'local' = requests
   * from this machine's loopback address with no proxy in between, 'on' = anyone, 'off' = nobody.
   */
  devMailbox: 'on' | 'local' | 'off';
  /** TRUST_PROXY: false (the socket address is the client), a hop count, or proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  /**
   * TLS_CERT_FILE and TLS_KEY_FILE (PEM): the server itself speaks HTTPS, HTTP/2 to browsers and
   * HTTP/1.1 to older clients. Unset: plain HTTP/1.1, for a TLS terminator in front.
   */
  tls: TlsFiles | undefined;
  /** Roles that must have two-factor sign-in on to use admin routes (production: ADMIN and MASTER always). */
  requireMfaRoles: readonly MfaRole[];
  /** Where uploaded files live: DATA_DIR/uploads, or an S3-compatible bucket when S3_BUCKET is set. */
  storage: StorageConfig;
  /** Bearer token for GET /metrics; unset = only this machine's loopback, with no proxy between, may scrape. */
  metricsToken: string | undefined;
  logLevel: string;
}

export interface TlsFiles {
  cert: string;
  key: string;
}

export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      /** Unset = AWS itself. */
      endpoint: string | undefined;
      region: string;
      /** Unset = the AWS SDK's default chain (instance or task role), only without S3_ENDPOINT. */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * A development secret kept in DATA_DIR so that restarts keep sessions and ticket codes valid. On a
 * shared PostgreSQL (`write: false`) the database keeps it instead: a key file left from before is
 * still offered, so the first instance to share its keys keeps its sessions and ticket codes.
 */
function devSecretFile(dataDir: string, name: string, make: () => string, write = true): string {
  const file = path.join(dataDir, 'keys', name);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  if (!write) return make();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = make();
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/** https, or plain http to this machine only (a production build tried out locally). */
function isSafePublicUrl(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

function makeEd25519Pem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/**
 * S3 settings belong together: keys come in pairs, a non-AWS endpoint has no instance role to fall
 * back on, and S3 settings without S3_BUCKET would silently leave files on the local disk.
 */
function storageProblems(e: z.output<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  const otherS3 = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => e[name]);
  if (!e.S3_BUCKET) {
    if (otherS3.length > 0) problems.push(`S3_BUCKET: required when ${otherS3.join(', ')} is set`);
    return problems;
  }
  if (e.S3_ACCESS_KEY_ID && !e.S3_SECRET_ACCESS_KEY)
    problems.push('S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set');
  if (e.S3_SECRET_ACCESS_KEY && !e.S3_ACCESS_KEY_ID)
    problems.push('S3_ACCESS_KEY_ID: required when S3_SECRET_ACCESS_KEY is set');
  if (e.S3_ENDPOINT && !e.S3_ACCESS_KEY_ID && !e.S3_SECRET_ACCESS_KEY) {
    problems.push('S3_ACCESS_KEY_ID: required with S3_ENDPOINT (and S3_SECRET_ACCESS_KEY)');
  }
  return problems;
}

function storageConfig(e: z.output<typeof EnvSchema>): StorageConfig {
  if (!e.S3_BUCKET) return { kind: 'disk' };
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
  };
}

/** The certificate chain and key the server answers HTTPS with, read once at start. */
function tlsFiles(e: z.infer<typeof EnvSchema>, problems: string[]): TlsFiles | undefined {
  if (!e.TLS_CERT_FILE && !e.TLS_KEY_FILE) return undefined;
  if (!e.TLS_CERT_FILE || !e.TLS_KEY_FILE) {
    problems.push('TLS_CERT_FILE and TLS_KEY_FILE: set both (HTTPS) or neither (plain HTTP)');
    return undefined;
  }
  const read = (name: string, file: string, marker: RegExp): string | undefined => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      problems.push(`${name}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      return undefined;
    }
    if (!marker.test(text)) problems.push(`${name}: ${file} is not a PEM file`);
    return text;
  };
  const cert = read('TLS_CERT_FILE', e.TLS_CERT_FILE, /-----BEGIN CERTIFICATE-----/);
  const key = read('TLS_KEY_FILE', e.TLS_KEY_FILE, /-----BEGIN [A-Z ]*PRIVATE KEY-----/);
  return cert && key ? { cert, key } : undefined;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const env = e.NODE_ENV ?? 'development';
  const isProduction = env === 'production';
  const problems: string[] = [];

  const provider = e.PAYMENTS_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'local');
  if (isProduction) {
    if (!e.APP_SECRET) problems.push('APP_SECRET: required in production (at least 32 characters)');
    if (!e.TICKET_SIGNING_KEY) problems.push('TICKET_SIGNING_KEY: required in production (Ed25519 private key, PEM)');
    if (!e.DATABASE_URL) problems.push('DATABASE_URL: required in production');
    if (!e.SMTP_URL) problems.push('SMTP_URL: required in production');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production');
    if (!e.STRIPE_SECRET_KEY && e.PAYMENTS_PROVIDER !== 'local') {
      problems.push('STRIPE_SECRET_KEY: required in production (or set PAYMENTS_PROVIDER=local explicitly)');
    }
    // Settings that are fine on a laptop and unsafe on a network (decisions.md, issue 16 item 8).
    if (e.DEMO_DATA === '1' || e.DEMO_DATA === 'true') {
      problems.push('DEMO_DATA: must not be on in production (demo accounts share one published password)');
    }
    if (e.RATE_LIMIT === 'off') problems.push('RATE_LIMIT: must not be off in production');
    if (e.DEV_MAILBOX === 'on') problems.push('DEV_MAILBOX: the dev mailbox never exists in production');
    if (e.REQUIRE_MFA_ROLES && !MFA_ROLE_CHOICES.every((role) => e.REQUIRE_MFA_ROLES?.includes(role))) {
      problems.push('REQUIRE_MFA_ROLES: production requires two-factor sign-in for ADMIN and MASTER (leave it unset)');
    }
    if (e.PUBLIC_URL && !isSafePublicUrl(e.PUBLIC_URL)) {
      problems.push('PUBLIC_URL: must be https in production (plain http only for localhost)');
    }
  }
  if (provider === 'stripe') {
    if (!e.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: required when PAYMENTS_PROVIDER=stripe');
    if (!e.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required when payments go through Stripe');
  }
  if (e.MASTER_EMAIL && !e.MASTER_PASSWORD) problems.push('MASTER_PASSWORD: required when MASTER_EMAIL is set');
  if (e.TICKET_SIGNING_KEY && !e.TICKET_SIGNING_KEY.includes('PRIVATE KEY')) {
    problems.push('TICKET_SIGNING_KEY: must be an Ed25519 private key in PEM (PKCS#8) form');
  }
  problems.push(...storageProblems(e));
  const tls = tlsFiles(e, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const keepKeyFiles = !e.DATABASE_URL;
  const appSecret =
    e.APP_SECRET ?? devSecretFile(dataDir, 'app-secret', () => randomBytes(48).toString('base64url'), keepKeyFiles);
  const ticketSigningKeyPem =
    e.TICKET_SIGNING_KEY?.replace(/\\n/g, '\n') ??
    devSecretFile(dataDir, 'ticket-signing-key.pem', makeEd25519Pem, keepKeyFiles);

  return {
    env,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appSecret,
    ticketSigningKeyPem,
    generatedKeys: { appSecret: !e.APP_SECRET, ticketSigningKey: !e.TICKET_SIGNING_KEY },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    arTeamEmail: e.AR_TEAM_EMAIL,
    supportEmail: e.SUPPORT_EMAIL,
    payments: {
      provider,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: e.STRIPE_API_URL,
      stripePrices: {
        ENTRY: e.STRIPE_PRICE_ENTRY,
        MIDDLE: e.STRIPE_PRICE_MIDDLE,
        HEADLINER: e.STRIPE_PRICE_HEADLINER,
      },
    },
    masterEmail: e.MASTER_EMAIL?.trim().toLowerCase(),
    masterPassword: e.MASTER_PASSWORD,
    demoData: e.DEMO_DATA === undefined ? !isProduction : e.DEMO_DATA === '1' || e.DEMO_DATA === 'true',
    timezone: e.APP_TIMEZONE,
    redisUrl: e.REDIS_URL,
    rateLimit: e.RATE_LIMIT === 'on',
    devMailbox: isProduction ? 'off' : (e.DEV_MAILBOX ?? 'local'),
    trustProxy: e.TRUST_PROXY,
    tls,
    requireMfaRoles: e.REQUIRE_MFA_ROLES ?? (isProduction ? [...MFA_ROLE_CHOICES] : []),
    storage: storageConfig(e),
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
  };
}
