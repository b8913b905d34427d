import { randomBytes } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts the built production server with demo content on a fresh embedded database. */
export async function startServer(
  env: Record<string, string> = {},
  /**
   * A bound on a hung start, not a wait: the first start makes the demo's media (ladder and
   * subtitles for every tenant), which takes minutes on a busy 2-core machine.
   */
  options: { readyTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ds-e2e-'));
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'true',
      // The address browsers use (the sandbox gateway returns the payer here).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // The set-up reads the first operator's password from the JSON log (development is pretty).
      LOG_FORMAT: 'json',
      // Production requires a data key (bank card numbers are sealed with it): a fresh one per run.
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 600_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
        child.kill('SIGTERM');
        // A graceful shutdown finishes in-flight work and exits with 0.
        const code = await exited;
        if (code !== 0) throw new Error(`server exited with ${code} on SIGTERM:\n${output}`);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
