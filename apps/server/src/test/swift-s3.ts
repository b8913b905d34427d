import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort, listening } from './ports.js';

const exec = promisify(execFile);

/**
 * A real S3-compatible server for tests: OpenStack Swift (Debian's swift packages) with its s3api
 * middleware and tempauth, on loopback ports, in a temporary directory. It checks AWS signatures
 * (v4 and presigned), so a wrong secret or a tampered address is refused as S3 would.
 */
export interface SwiftS3 {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  createBucket(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** Whether Swift is installed on this machine (tests that need it are skipped without it, with a message). */
export const swiftInstalled = () =>
  existsSync('/usr/bin/swift-proxy-server') &&
  existsSync('/usr/bin/memcached') &&
  existsSync('/usr/bin/swift-ring-builder') &&
  existsSync('/usr/lib/python3/dist-packages/swift/common/middleware/s3api');

/**
 * Whether the S3 tests must be skipped: with no Swift installed they are skipped with one line
 * (as the PostgreSQL step is without a server), except in CI (`CI` or `REQUIRE_POSTGRES` set),
 * where a missing Swift fails the run instead of hiding its tests.
 */
export function skipWithoutSwift(what: string): boolean {
  if (swiftInstalled()) return false;
  const line = `${what} skipped: OpenStack Swift is not installed (apt-get install -y swift swift-proxy swift-object swift-container swift-account python3-swift memcached).`;
  const on = (value: string | undefined) => ['1', 'true', 'yes'].includes((value ?? '').toLowerCase());
  const required = on(process.env.REQUIRE_POSTGRES) || on(process.env.CI);
  if (required) throw new Error(`${line} CI or REQUIRE_POSTGRES is set: failing.`);
  console.warn(line);
  return true;
}

export async function startSwiftS3(
  /** How long the servers may take to answer (a benchmark on a busy machine waits longer). */
  options: { startTimeoutMs?: number } = {},
): Promise<SwiftS3> {
  const dir = await mkdtemp(join(tmpdir(), 'ds-swift-'));
  const devices = join(dir, 'srv');
  await mkdir(join(devices, 'd1'), { recursive: true });
  const [proxy, object, container, account, memcache] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const user = userInfo().username;
  const accessKeyId = 'test:tester';
  const secretAccessKey = 'testing-secret-key';
  const common = (port: number) =>
    `[DEFAULT]\nbind_ip = 127.0.0.1\nbind_port = ${port}\nworkers = 0\nuser = ${user}\nswift_dir = ${dir}\ndevices = ${devices}\nmount_check = false\nlog_level = WARNING\nlog_address = /nonexistent\n`;
  const server = (kind: string) =>
    `[pipeline:main]\npipeline = ${kind}-server\n[app:${kind}-server]\nuse = egg:swift#${kind}\n`;
  await writeFile(
    join(dir, 'swift.conf'),
    '[swift-hash]\nswift_hash_path_suffix = ds-test\nswift_hash_path_prefix = ds-test\n[storage-policy:0]\nname = gold\ndefault = yes\n',
  );
  await writeFile(join(dir, 'object-server.conf'), common(object) + server('object'));
  await writeFile(join(dir, 'container-server.conf'), common(container) + server('container'));
  await writeFile(join(dir, 'account-server.conf'), common(account) + server('account'));
  await writeFile(
    join(dir, 'proxy-server.conf'),
    `${common(proxy)}[pipeline:main]
pipeline = catch_errors healthcheck proxy-logging cache s3api tempauth proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
# Browsers on another origin (the app under test) read presigned segments: every origin allowed,
# as a bucket's CORS rule for the app's origin would.
strict_cors_mode = false
[filter:catch_errors]
use = egg:swift#catch_errors
[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:${memcache}
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
cors_preflight_allow_origin = *
[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = ${secretAccessKey} .admin
`,
  );
  for (const [ring, port] of [
    ['object', object],
    ['container', container],
    ['account', account],
  ] as const) {
    const builder = join(dir, `${ring}.builder`);
    await exec('swift-ring-builder', [builder, 'create', '4', '1', '1']);
    await exec('swift-ring-builder', [builder, 'add', `r1z1-127.0.0.1:${port}/d1`, '100']);
    await exec('swift-ring-builder', [builder, 'rebalance']).catch((error: unknown) => {
      // 1 = warnings (a one-device ring is "unbalanced" by design); 2 = a real error.
      if ((error as { code?: number }).code !== 1) throw error;
    });
  }
  const children: ChildProcess[] = [];
  let output = '';
  // tempauth keeps its tokens (and the S3 path's auth) in memcached.
  const servers: [string, string[]][] = [
    [
      'memcached',
      [
        '-l',
        '127.0.0.1',
        '-p',
        String(memcache),
        '-U',
        '0',
        '-m',
        '16',
        ...(user === 'root' ? ['-u', 'root'] : []),
      ],
    ],
    ...['account', 'container', 'object', 'proxy'].map((kind): [string, string[]] => [
      `swift-${kind}-server`,
      [join(dir, `${kind}-server.conf`)],
    ]),
  ];
  for (const [command, args] of servers) {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    children.push(child);
  }
  // If the test process ends without calling stop(), the servers go with it.
  const killAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  const stop = async () => {
    process.off('exit', killAll);
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      ),
    );
    await rm(dir, { recursive: true, force: true });
  };
  const endpoint = `http://127.0.0.1:${proxy}`;
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const until = Date.now() + startTimeoutMs;
  for (;;) {
    const exited = children.find((c) => c.exitCode !== null);
    if (exited) {
      await stop();
      throw new Error(`swift exited at start:\n${output}`);
    }
    const ok =
      (await Promise.all([object, container, account, memcache].map((port) => listening(port)))).every(
        Boolean,
      ) &&
      (await fetch(`${endpoint}/healthcheck`).then(
        (r) => r.ok,
        () => false,
      ));
    if (ok) break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`swift did not answer within ${startTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const region = 'us-east-1';
  const client = new S3Client({
    endpoint,
    region,
    credentials: { accessKeyId, secretAccessKey },
    forcePathStyle: true,
  });
  return {
    endpoint,
    region,
    accessKeyId,
    secretAccessKey,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    stop,
  };
}
