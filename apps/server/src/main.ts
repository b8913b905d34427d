import { buildApp } from './app.js';
import { ConfigError, describeMode, loadConfig } from './config.js';
import { doctorFindings } from './admin/doctor/doctor.service.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config, { jobs: true });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // SIGTERM (an orchestrator or a rolling restart): /readyz answers 503 for SHUTDOWN_DRAIN_MS
    // while requests are still served, so the load balancer takes this instance out before its
    // socket closes and no new request meets a closed port. Ctrl-C stops at once.
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    app.drain();
    app.log.info({ signal, drainMs }, 'shutting down');
    // In-flight requests finish; a stuck one does not hold the process past the timeout.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, drainMs + config.shutdownTimeoutMs);
    timer.unref();
    new Promise((resolve) => setTimeout(resolve, drainMs))
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      mode: config.env,
      host: config.host,
      database: app.database.kind,
      web: config.webDir ?? 'not built',
      demo: config.demoContent,
    },
    `DramaStar is serving at ${config.publicUrl} (${describeMode(config)})`,
  );
  if (config.env === 'production') {
    // What this deployment still misses (`npm run doctor` prints the same list).
    try {
      for (const f of await doctorFindings(app.database.db, config)) {
        app.log[f.severity === 'error' ? 'error' : 'warn'](
          { doctor: f },
          `doctor: ${f.subject}: ${f.message}`,
        );
      }
    } catch (error) {
      app.log.warn({ err: error }, 'doctor: the checks could not run');
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
