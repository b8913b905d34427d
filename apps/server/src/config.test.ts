import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, describeMode, loadConfig, mediaTools } from './config.js';

/** What a production server needs at least. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example:587',
  DATA_ENCRYPTION_KEY: 'ab'.repeat(32),
};

describe('configuration', () => {
  it('has working defaults: port 8080 on this machine only, embedded database in ./data, no demo content', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 8080,
      databaseUrl: undefined,
      dataDir: './data',
      mediaRoot: './data/media',
      mediaDir: 'data/media/public',
      sandboxGateway: true,
      testApi: true,
      publicUrl: 'http://localhost:8080',
      demoContent: false,
      dbTimeouts: { acquireTimeoutMs: 5000, statementTimeoutMs: 15_000, lockTimeoutMs: 5000 },
      requestTimeoutMs: 30_000,
    });
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '9000',
      DATABASE_URL: 'postgres://u@db:5432/ds',
      DB_POOL_MAX: '20',
      DATA_DIR: '/var/lib/ds',
      MEDIA_DIR: '/srv/media',
      PUBLIC_URL: 'https://dramastar.example/',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'pretty',
      METRICS_TOKEN: 'a-token-of-32-characters-or-so-x',
      LEDGER_CHECK_INTERVAL_MS: '60000',
      DEMO_CONTENT: '1',
      TRUST_PROXY: '10.0.0.0/8, fd00::/8',
      BODY_LIMIT_BYTES: '2048',
      SHUTDOWN_TIMEOUT_MS: '500',
      DB_ACQUIRE_TIMEOUT_MS: '300',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_LOCK_TIMEOUT_MS: '250',
      REQUEST_TIMEOUT_MS: '1000',
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_FROM: 'DramaStar <hello@dramastar.example>',
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: 'https://issuer.example',
      SESSION_IDLE_DAYS: '7',
      SESSION_MAX_DAYS: '30',
      DATA_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect(config).toMatchObject({
      env: 'production',
      host: '127.0.0.1',
      port: 9000,
      databaseUrl: 'postgres://u@db:5432/ds',
      dbPoolMax: 20,
      dataDir: '/var/lib/ds',
      mediaRoot: '/srv/media',
      mediaDir: '/srv/media/public',
      publicUrl: 'https://dramastar.example',
      logLevel: 'warn',
      logFormat: 'pretty',
      metrics: { token: 'a-token-of-32-characters-or-so-x', ledgerCheckIntervalMs: 60_000 },
      demoContent: true,
      trustProxy: ['10.0.0.0/8', 'fd00::/8'],
      bodyLimitBytes: 2048,
      shutdownTimeoutMs: 500,
      dbTimeouts: { acquireTimeoutMs: 300, statementTimeoutMs: 0, lockTimeoutMs: 250 },
      requestTimeoutMs: 1000,
      smtpUrl: 'smtp://mail.example:587',
      mailFrom: 'DramaStar <hello@dramastar.example>',
      google: { clientId: 'client', clientSecret: 'secret', issuer: 'https://issuer.example' },
      sessionIdleDays: 7,
      sessionMaxDays: 30,
      devOutbox: false,
      testApi: false,
      sandboxGateway: false,
    });
    expect(loadConfig({ ...PRODUCTION }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it.each(['SANDBOX_GATEWAY', 'TEST_API'])('refuses to start in production with %s enabled', (name) => {
    const production = PRODUCTION;
    expect(() => loadConfig({ ...production, [name]: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, [name]: 'true' })).toThrow(
      new RegExp(`${name}: must not be enabled in production`),
    );
    expect(loadConfig({ ...production, [name]: 'false' }).env).toBe('production');
    // Outside production it may be switched off.
    expect(loadConfig({ SANDBOX_GATEWAY: 'false' }).sandboxGateway).toBe(false);
  });

  it('logs readable lines in development only and JSON lines elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ ...PRODUCTION }).logFormat).toBe('json');
    expect(loadConfig({ ...PRODUCTION, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('opens /metrics to this machine only unless a token of 16 characters or more is set', () => {
    expect(loadConfig({ ...PRODUCTION }).metrics).toEqual({
      token: undefined,
      ledgerCheckIntervalMs: 300_000,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
  });

  it('says at start which mode it is in and what that exposes', () => {
    expect(describeMode(loadConfig({}))).toMatch(
      /^development mode, listening on 127\.0\.0\.1:8080; reachable from this machine only; .*\/dev\/mail.*answer this machine only; the sandbox card gateway is on/,
    );
    expect(describeMode(loadConfig({ ...PRODUCTION, PORT: '80' }))).toBe(
      'production mode, listening on 0.0.0.0:80; reachable from the network; no sandbox gateway; client addresses are the sockets’ peers (no TRUST_PROXY); /metrics answers this machine only (no METRICS_TOKEN)',
    );
    expect(describeMode(loadConfig({ TRUST_PROXY: '1' }))).toMatch(
      /; client addresses from X-Forwarded-For behind 1 proxy hop \(TRUST_PROXY\);/,
    );
    expect(describeMode(loadConfig({ TRUST_PROXY: '10.0.0.5,10.0.1.0/24' }))).toMatch(
      /; client addresses from X-Forwarded-For written by 10\.0\.0\.5, 10\.0\.1\.0\/24 \(TRUST_PROXY\);/,
    );
    expect(describeMode(loadConfig({ ...PRODUCTION, METRICS_TOKEN: 'x'.repeat(16) }))).toMatch(
      /; \/metrics wants METRICS_TOKEN$/,
    );
  });

  it('keeps e-mails in the development outbox only outside production and without SMTP', () => {
    expect(loadConfig({}).devOutbox).toBe(true);
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:25' }).devOutbox).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: is required in production/);
  });

  it('needs both Google client id and secret, or neither', () => {
    expect(loadConfig({}).google).toBeUndefined();
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'x' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  it('takes TRUST_PROXY as a hop count or the proxies’ addresses and CIDRs; no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const none of ['false', '0', 'no']) expect(loadConfig({ TRUST_PROXY: none }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.1.2.3' }).trustProxy).toEqual(['10.1.2.3']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,192.168.1.0/24, 2001:db8::/32,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.0/24',
      '2001:db8::/32',
      '::1',
    ]);
  });

  it.each(['true', 'TRUE', 'yes', 'all', '*'])(
    'refuses TRUST_PROXY=%s (every hop trusted: the client would choose its address), saying what to write',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: .* would trust every hop.*number of proxies in front of the server \(e\.g\. 1\) or their addresses or CIDRs/,
      );
    },
  );

  it.each([
    'nginx',
    'loopback',
    '10.0.0.0/33',
    '10.0.0.0/8/1',
    'fd00::/129',
    '1.2.3',
    '0.0.0.0/0',
    '::/0',
    '10.0.0.1,,x',
    '-1',
    '1.5',
    '101',
  ])('refuses TRUST_PROXY=%s with a message naming it and the forms it takes', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .*or their addresses or CIDRs/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 8080 });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['DEMO_CONTENT', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['SESSION_IDLE_DAYS', '0'],
    ['DB_ACQUIRE_TIMEOUT_MS', '-1'],
    ['DB_STATEMENT_TIMEOUT_MS', '1.5'],
    ['DB_LOCK_TIMEOUT_MS', 'soon'],
    ['REQUEST_TIMEOUT_MS', '-5'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('takes ffmpeg and ffprobe from FFMPEG_PATH and FFPROBE_PATH, else from PATH', () => {
    expect(mediaTools({})).toEqual({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    expect(mediaTools({ FFMPEG_PATH: '/opt/ff/ffmpeg', FFPROBE_PATH: '' })).toEqual({
      ffmpeg: '/opt/ff/ffmpeg',
      ffprobe: 'ffprobe',
    });
  });
});

describe('the documented configuration', () => {
  const root = join(import.meta.dirname, '..');

  it("README.md's configuration table lists every variable the server reads, and no other", () => {
    const readme = readFileSync(join(root, '../../README.md'), 'utf8');
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    const documented = [...table.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1]);
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('reads the environment only in config.ts (the command-line tools read their own inputs)', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'cli' || entry.name === 'test' ? [] : sources(path);
        return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
      });
    const readers = sources(join(root, 'src'))
      .filter((path) => /process\.env\b/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(root, path));
    expect(readers).toEqual(['src/config.ts']);
  });
});
