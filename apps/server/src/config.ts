import { createPrivateKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEVELOPMENT_DATA_KEY } from './sealing.js';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Which proxies' X-Forwarded-For is believed: none (`false`), the last `n` hops (a positive hop
 * count) or the peers at the listed addresses and CIDRs. `true` ("trust every hop") is refused:
 * the left-most X-Forwarded-For entry is whatever the client wrote, so every per-address limit
 * could be split by writing a new one.
 */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_FORMS =
  'write the number of proxies in front of the server (e.g. 1) or their addresses or CIDRs, comma-separated (e.g. 10.0.0.0/8,fd00::/8), or false for none';

/** One TRUST_PROXY entry: an IPv4 or IPv6 address with an optional prefix length, never /0. */
function proxyEntryProblem(entry: string): string | undefined {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined)
    return `\`${entry}\` is not an IP address or CIDR; ${TRUST_PROXY_FORMS}`;
  if (prefix === undefined) return undefined;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128)))
    return `\`${entry}\` has no valid prefix length (0-${family === 4 ? 32 : 128}); ${TRUST_PROXY_FORMS}`;
  if (bits === 0)
    return `\`${entry}\` trusts every address, so any client could choose its own; ${TRUST_PROXY_FORMS}`;
  return undefined;
}

const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const v = value.trim().toLowerCase();
  if (['false', '0', 'no'].includes(v)) return false;
  if (/^\d+$/.test(v) && Number(v) <= 100) return Number(v) || false;
  if (['true', 'yes', 'all', '*'].includes(v)) {
    ctx.addIssue({
      code: 'custom',
      message: `\`${value}\` would trust every hop, so any client could choose its address with X-Forwarded-For; ${TRUST_PROXY_FORMS}`,
    });
    return z.NEVER;
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const problem = entries.length === 0 ? TRUST_PROXY_FORMS : entries.map(proxyEntryProblem).find(Boolean);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return entries;
});

const defaultWebDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const defaultAdminDir = fileURLToPath(new URL('../../admin/dist', import.meta.url));

/** Every environment variable the server reads; README.md's configuration table lists the same. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Default: 0.0.0.0 in production; 127.0.0.1 otherwise (development conveniences stay on this machine). */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  /** PostgreSQL connection string; when absent the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Longest wait for a pooled connection (0: unbounded); past it the request answers 503. */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  /** PostgreSQL statement_timeout of the pool's connections (0: none). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  /** PostgreSQL lock_timeout of the pool's connections (0: none). */
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  /** Longest time an API call may take before it answers 503 (0: unbounded). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  DATA_DIR: z.string().min(1).default('./data'),
  MEDIA_DIR: z.string().min(1).optional(),
  WEB_DIR: z.string().min(1).default(defaultWebDir),
  ADMIN_DIR: z.string().min(1).default(defaultAdminDir),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Readable lines (pino-pretty) or JSON lines; default pretty in development, JSON otherwise. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Bearer token for /metrics; unset: /metrics answers clients on this machine only. */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters (e.g. `openssl rand -hex 16`)')
    .optional(),
  /** How often /metrics re-checks the ledger's invariants (they read every transfer); 0: never. */
  LEDGER_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
  /** Days of raw viewing events kept (whole day partitions are dropped after); rollups stay. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(3).max(3650).default(90),
  /** Viewing events an instance holds while the database is slow; beyond, new ones are dropped and counted. */
  ANALYTICS_BUFFER_MAX: z.coerce.number().int().min(100).max(10_000_000).default(50_000),
  DEMO_CONTENT: flag.default(false),
  /** The proxies whose X-Forwarded-For names the client: a hop count or their addresses/CIDRs. */
  TRUST_PROXY: trustProxy.optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** On SIGTERM, /readyz answers 503 this long before the server stops accepting (default: 5 s in production, else 0). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /** smtp://user:pass@host:587 or smtps://…; unset outside production = the development outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('DramaStar <no-reply@dramastar.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** A console session unused this long ends, in every tab it is open in. */
  CONSOLE_IDLE_MINUTES: z.coerce.number().int().min(5).max(720).default(30),
  /** The /test calls (e.g. /test/openVipLevel); on by default outside production, refused in production. */
  TEST_API: flag.optional(),
  /** The local sandbox card gateway (/pay/sandbox); on by default outside production, refused in production. */
  SANDBOX_GATEWAY: flag.optional(),
  /** Where the sandbox gateway delivers its webhooks (this server); default http://127.0.0.1:PORT. */
  SANDBOX_WEBHOOK_URL: z.url().optional(),
  /** 32 bytes as 64 hex digits (`openssl rand -hex 32`): seals bank card numbers at rest. */
  DATA_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes, e.g. from `openssl rand -hex 32`)')
    .optional(),
  /** Where media lives: `local` (MEDIA_DIR, the default) or `s3` (an S3-compatible object store). */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  /** The store's address (MinIO, Ceph, Swift, R2…); unset = AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The bucket for everything whose own bucket is not set. */
  S3_BUCKET: z.string().min(1).optional(),
  /** Buckets (each `bucket` or `bucket/prefix/`) for console originals, episode HLS and public images. */
  S3_ORIGINALS_BUCKET: z.string().min(1).optional(),
  S3_HLS_BUCKET: z.string().min(1).optional(),
  S3_PUBLIC_BUCKET: z.string().min(1).optional(),
  /** Where browsers fetch public images (CDN or the public bucket); /media redirects there. */
  S3_PUBLIC_BASE_URL: z.url().optional(),
  /** Path-style addresses (endpoint/bucket/key), as MinIO, Swift and Ceph want; default true. */
  S3_FORCE_PATH_STYLE: flag.default(true),
  /**
   * With MEDIA_STORAGE=s3, where browsers fetch episode segments: `direct` (presigned GETs at the
   * store, or the CDN's signed URLs with MEDIA_CDN_URL) or `instance` (through /stream, as before).
   */
  MEDIA_SEGMENTS: z.enum(['direct', 'instance']).default('direct'),
  /** A CDN (CloudFront) in front of the HLS place: segments become its signed URLs. */
  MEDIA_CDN_URL: z.url().optional(),
  /** The CloudFront public key's id (its key group trusted by the distribution). */
  CLOUDFRONT_KEY_PAIR_ID: z.string().min(1).optional(),
  /** The matching RSA private key (PEM; `\n` may stand for line breaks), or… */
  CLOUDFRONT_PRIVATE_KEY: z.string().min(1).optional(),
  /** …a file holding it. */
  CLOUDFRONT_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** Largest episode video the console accepts (bytes); default 500 MB. */
  VIDEO_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(500 * 1024 * 1024),
  /** The ffmpeg and ffprobe programs (transcoding, imports, demo content); default from PATH. */
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
});

/** Every variable the server reads (README.md's configuration table lists each). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

/**
 * The ffmpeg and ffprobe to run: only these two variables are read, so the media code (also used
 * by the command-line importer and the tests) needs no whole configuration.
 */
export function mediaTools(env: Record<string, string | undefined> = process.env) {
  const tools = envSchema.pick({ FFMPEG_PATH: true, FFPROBE_PATH: true }).parse({
    FFMPEG_PATH: env.FFMPEG_PATH || undefined,
    FFPROBE_PATH: env.FFPROBE_PATH || undefined,
  });
  return { ffmpeg: tools.FFMPEG_PATH, ffprobe: tools.FFPROBE_PATH };
}

/** MEDIA_DIR's two parts: `public/` (served at /media) and `private/` (episodes, uploads). */
export function mediaLayout(root: string): { public: string; private: string } {
  return { public: join(root, 'public'), private: join(root, 'private') };
}

/** One place in the store: a bucket and a key prefix inside it ('' or ending in '/'). */
export interface S3Place {
  bucket: string;
  prefix: string;
}

export interface S3StorageOptions {
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Console uploads (`uploads/…`), episode HLS (`hls/…` and any other private key), public images. */
  originals: S3Place;
  hls: S3Place;
  public: S3Place;
  /** Where browsers fetch public images (a CDN or the public bucket's address); default: the endpoint's path-style URL. */
  publicBaseUrl?: string;
  /** Path-style addresses (`endpoint/bucket/key`): what MinIO, Swift and Ceph want. Default true. */
  forcePathStyle?: boolean;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dbPoolMax: number;
  /** Bounded waits of the PostgreSQL pool (0 = unbounded); see README "Running at scale". */
  dbTimeouts: { acquireTimeoutMs: number; statementTimeoutMs: number; lockTimeoutMs: number };
  /** Longest time an /app-api or /admin-api call may take (0 = unbounded). */
  requestTimeoutMs: number;
  dataDir: string;
  /** MEDIA_DIR: its `public/` part is served at /media, its `private/` part (episodes) only by /stream. */
  mediaRoot: string;
  /** MEDIA_DIR/public: covers, posters, avatars and chat pictures, served at /media. */
  mediaDir: string;
  /** The built web app, served at `/` when the directory exists. */
  webDir: string | undefined;
  /** The built operator console, served at `/admin` when the directory exists. */
  adminDir: string | undefined;
  publicUrl: string;
  logLevel: string;
  logFormat: 'pretty' | 'json';
  /** Prometheus metrics at /metrics: the bearer token it wants (else this machine only), and how often the ledger is checked. */
  metrics: { token: string | undefined; ledgerCheckIntervalMs: number };
  /** Viewing analytics: raw-event retention and the ingestion buffer's bound (docs/analytics.md). */
  analytics: { retentionDays: number; bufferMax: number };
  demoContent: boolean;
  /** Whose X-Forwarded-For is believed (see TrustProxy); per-address limits key by what it yields. */
  trustProxy: TrustProxy;
  bodyLimitBytes: number;
  shutdownTimeoutMs: number;
  /** How long a SIGTERM'd instance keeps serving with /readyz at 503 before it closes. */
  shutdownDrainMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Only when both id and secret are set; the Google buttons are hidden otherwise. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  sessionIdleDays: number;
  sessionMaxDays: number;
  consoleIdleMinutes: number;
  /** Development outbox (no SMTP outside production): e-mails kept in the database and shown at /dev/mail. */
  devOutbox: boolean;
  /** The /test calls; never in production. Like the outbox, they answer loopback clients only. */
  testApi: boolean;
  /** The sandbox card gateway; never in production. Without it the card channel has no provider. */
  sandboxGateway: boolean;
  sandboxWebhookUrl: string;
  /** Largest episode video upload in the console, in bytes. */
  videoUploadMaxBytes: number;
  /** MEDIA_STORAGE=s3: the object store (else media lives in MEDIA_DIR). */
  s3: S3StorageOptions | undefined;
  /**
   * Where browsers fetch segments: `instance` (through /stream: local disk, or MEDIA_SEGMENTS=instance),
   * `store` (presigned GETs at the object store) or `cdn` (CloudFront signed URLs).
   */
  segments: 'instance' | 'store' | 'cdn';
  cdn: { baseUrl: string; keyPairId: string; privateKey: string } | undefined;
  /** DATA_ENCRYPTION_KEY (required in production); elsewhere a fixed development key. */
  dataEncryptionKey: Buffer;
  /** The variables given a value (the doctor tells a default from a choice). */
  configured: ReadonlySet<string>;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: is required in production (e-mail codes must be delivered)',
    );
  }
  if (e.NODE_ENV === 'production') {
    // Either would let anyone mint money or grant themselves a card on a real site.
    for (const name of ['SANDBOX_GATEWAY', 'TEST_API'] as const) {
      if (e[name]) {
        throw new ConfigError(
          `Invalid configuration:\n  ${name}: must not be enabled in production (it is for development and tests only)`,
        );
      }
    }
  }
  if (e.NODE_ENV === 'production' && !e.DATA_ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  DATA_ENCRYPTION_KEY: is required in production (bank card numbers are sealed with it)',
    );
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_SECRET: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    );
  }
  const mediaRoot = e.MEDIA_DIR ?? `${e.DATA_DIR}/media`;
  let s3: S3StorageOptions | undefined;
  if (e.MEDIA_STORAGE === 's3') {
    const missing = [
      e.S3_ACCESS_KEY_ID ? null : 'S3_ACCESS_KEY_ID',
      e.S3_SECRET_ACCESS_KEY ? null : 'S3_SECRET_ACCESS_KEY',
      ...(['S3_ORIGINALS_BUCKET', 'S3_HLS_BUCKET', 'S3_PUBLIC_BUCKET'] as const).map((name) =>
        (e[name] ?? e.S3_BUCKET) ? null : `${name} (or S3_BUCKET)`,
      ),
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  MEDIA_STORAGE: s3 needs ${missing.join(', ')} (see README, "Media storage")`,
      );
    }
    const place = (bucket: string | undefined) => {
      const [name = '', ...rest] = (bucket ?? e.S3_BUCKET ?? '').split('/');
      const prefix = rest.filter(Boolean).join('/');
      return { bucket: name, prefix: prefix ? `${prefix}/` : '' };
    };
    s3 = {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
      originals: place(e.S3_ORIGINALS_BUCKET),
      hls: place(e.S3_HLS_BUCKET),
      public: place(e.S3_PUBLIC_BUCKET),
      publicBaseUrl: e.S3_PUBLIC_BASE_URL,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    };
  }
  let cdn: Config['cdn'];
  if (e.MEDIA_CDN_URL) {
    const problems = [
      e.MEDIA_STORAGE === 's3' ? null : 'MEDIA_STORAGE: the CDN serves the object store (MEDIA_STORAGE=s3)',
      e.CLOUDFRONT_KEY_PAIR_ID ? null : 'CLOUDFRONT_KEY_PAIR_ID: is required with MEDIA_CDN_URL',
      Boolean(e.CLOUDFRONT_PRIVATE_KEY) === Boolean(e.CLOUDFRONT_PRIVATE_KEY_FILE)
        ? 'CLOUDFRONT_PRIVATE_KEY: set it or CLOUDFRONT_PRIVATE_KEY_FILE (one of them) with MEDIA_CDN_URL'
        : null,
    ].filter(Boolean);
    if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    let privateKey: string;
    try {
      privateKey = e.CLOUDFRONT_PRIVATE_KEY
        ? e.CLOUDFRONT_PRIVATE_KEY.replace(/\\n/g, '\n')
        : readFileSync(e.CLOUDFRONT_PRIVATE_KEY_FILE ?? '', 'utf8');
      createPrivateKey(privateKey);
    } catch {
      const name = e.CLOUDFRONT_PRIVATE_KEY ? 'CLOUDFRONT_PRIVATE_KEY' : 'CLOUDFRONT_PRIVATE_KEY_FILE';
      throw new ConfigError(`Invalid configuration:\n  ${name}: is not a readable RSA private key (PEM)`);
    }
    cdn = { baseUrl: e.MEDIA_CDN_URL, keyPairId: e.CLOUDFRONT_KEY_PAIR_ID ?? '', privateKey };
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dbPoolMax: e.DB_POOL_MAX,
    dbTimeouts: {
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
    },
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    dataDir: e.DATA_DIR,
    mediaRoot,
    mediaDir: mediaLayout(mediaRoot).public,
    webDir: existsSync(e.WEB_DIR) ? e.WEB_DIR : undefined,
    adminDir: existsSync(e.ADMIN_DIR) ? e.ADMIN_DIR : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    metrics: { token: e.METRICS_TOKEN, ledgerCheckIntervalMs: e.LEDGER_CHECK_INTERVAL_MS },
    analytics: { retentionDays: e.ANALYTICS_RETENTION_DAYS, bufferMax: e.ANALYTICS_BUFFER_MAX },
    demoContent: e.DEMO_CONTENT,
    trustProxy: e.TRUST_PROXY ?? false,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5_000 : 0),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
    sessionIdleDays: e.SESSION_IDLE_DAYS,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    consoleIdleMinutes: e.CONSOLE_IDLE_MINUTES,
    devOutbox: !e.SMTP_URL && e.NODE_ENV !== 'production',
    testApi: e.TEST_API ?? e.NODE_ENV !== 'production',
    sandboxGateway: e.SANDBOX_GATEWAY ?? e.NODE_ENV !== 'production',
    sandboxWebhookUrl: (e.SANDBOX_WEBHOOK_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, ''),
    videoUploadMaxBytes: e.VIDEO_UPLOAD_MAX_BYTES,
    s3,
    segments: !s3 || e.MEDIA_SEGMENTS === 'instance' ? 'instance' : cdn ? 'cdn' : 'store',
    cdn,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY
      ? Buffer.from(e.DATA_ENCRYPTION_KEY, 'hex')
      : DEVELOPMENT_DATA_KEY,
    configured: new Set(Object.keys(present).filter((name) => CONFIG_VARIABLES.includes(name))),
  };
}

/**
 * The start log's account of the mode and what it exposes, so nobody runs development
 * conveniences on a network by mistake.
 */
export function describeMode(config: Config): string {
  const local = ['127.0.0.1', 'localhost', '::1'].includes(config.host);
  const parts = [`${config.env} mode, listening on ${config.host}:${config.port}`];
  parts.push(local ? 'reachable from this machine only' : 'reachable from the network');
  const conveniences = [
    config.devOutbox ? 'the development outbox (/dev/mail, /dev/outbox)' : null,
    config.testApi ? 'the /test calls' : null,
  ].filter(Boolean);
  if (conveniences.length > 0) parts.push(`${conveniences.join(' and ')} answer this machine only`);
  parts.push(
    config.sandboxGateway
      ? 'the sandbox card gateway is on: whoever reaches /pay/sandbox approves test payments without paying'
      : 'no sandbox gateway',
  );
  parts.push(
    config.trustProxy === false
      ? 'client addresses are the sockets’ peers (no TRUST_PROXY)'
      : typeof config.trustProxy === 'number'
        ? `client addresses from X-Forwarded-For behind ${config.trustProxy} proxy hop${config.trustProxy === 1 ? '' : 's'} (TRUST_PROXY)`
        : `client addresses from X-Forwarded-For written by ${config.trustProxy.join(', ')} (TRUST_PROXY)`,
  );
  parts.push(
    config.metrics.token
      ? '/metrics wants METRICS_TOKEN'
      : '/metrics answers this machine only (no METRICS_TOKEN)',
  );
  return parts.join('; ');
}
