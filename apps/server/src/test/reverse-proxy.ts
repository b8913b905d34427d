import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, listening } from './ports.js';

/**
 * A real reverse proxy for tests and benchmarks: Debian's nginx in front of server instances, on
 * loopback, from a temporary directory, configured as README "Running at scale" tells operators
 * (X-Forwarded-For appended with `$proxy_add_x_forwarded_for`, WebSocket upgrades passed).
 */
export interface ReverseProxy {
  /** Where clients reach the proxy, e.g. http://127.0.0.1:41234. */
  url: string;
  port: number;
  /** The address the instances see the proxy connect from (what TRUST_PROXY names). */
  address: string;
  /** The configuration file written (to read in a failure's message). */
  conf: string;
  /** What nginx wrote to its error log so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface ReverseProxyOptions {
  /** The instances, `host:port`; nginx spreads requests over them (round robin). */
  upstreams: string[];
  /**
   * The loopback address nginx connects to the instances from (`proxy_bind`), so that the proxy
   * and the clients are told apart: default 127.0.0.2, while clients come from elsewhere in 127/8.
   */
  address?: string;
  /** Extra directives inside each upstream `server` line, e.g. `max_fails=1 fail_timeout=1s`. */
  serverParameters?: string;
  /** Extra directives for the proxied location (`proxy_next_upstream …`, timeouts). */
  locationDirectives?: string[];
}

const NGINX_PATHS = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** Debian's nginx, or undefined when it is not installed (`apt-get install -y nginx`). */
export function nginxPath(): string | undefined {
  return NGINX_PATHS.find((path) => existsSync(path));
}

export async function startNginx(options: ReverseProxyOptions): Promise<ReverseProxy> {
  const nginx = nginxPath();
  if (!nginx) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const dir = await mkdtemp(join(tmpdir(), 'ds-nginx-'));
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(join(dir, sub));
  const port = await freePort();
  const address = options.address ?? '127.0.0.2';
  const servers = options.upstreams
    .map(
      (upstream) =>
        `    server ${upstream}${options.serverParameters ? ` ${options.serverParameters}` : ''};`,
    )
    .join('\n');
  const conf = join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `${userInfo().uid === 0 ? 'user root;\n' : ''}worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  client_max_body_size 0;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream instances {
${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://instances;
      proxy_bind ${address};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 300s;
${(options.locationDirectives ?? []).map((d) => `      ${d.replace(/;?$/, ';')}`).join('\n')}
    }
  }
}
`,
  );
  let output = '';
  const child: ChildProcess = spawn(
    nginx,
    [
      '-p',
      dir,
      '-e',
      'stderr',
      '-c',
      conf,
      '-g',
      `daemon off; pid ${join(dir, 'nginx.pid')}; error_log stderr warn;`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  // If the test process ends without calling stop(), nginx goes with it.
  const kill = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  const stop = async () => {
    process.off('exit', kill);
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM: nginx's fast shutdown (workers go too).
      await new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
    }
    await rm(dir, { recursive: true, force: true });
  };
  const until = Date.now() + 15_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > until) {
      await stop();
      throw new Error(
        `nginx ${child.exitCode === null ? 'did not answer within 15 s' : 'exited at start'}:\n${output}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://127.0.0.1:${port}`, port, address, conf, output: () => output, stop };
}

export interface SentAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
  body: any;
}

/**
 * One request on a fresh connection from the loopback address `from` (another client than the
 * proxy's 127.0.0.2): headers may repeat (`['a', 'b']` sends two lines). JSON bodies, JSON or text
 * answers.
 */
export function sendFrom(
  from: string,
  url: string,
  options: { method?: string; headers?: Record<string, string | string[]>; body?: unknown } = {},
): Promise<SentAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        localAddress: from,
        agent: false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
