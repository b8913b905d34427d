import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';

/**
 * Probes for a load balancer: /healthz = the process is up; /readyz = it can reach the database
 * and is not shutting down (while it drains it still serves, but asks not to be sent more).
 */
export function healthRoutes(
  app: FastifyInstance,
  database: Database,
  draining: () => boolean = () => false,
): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (req, reply) => {
    if (draining()) return reply.code(503).send({ status: 'draining' });
    try {
      await database.ping();
      return { status: 'ready' };
    } catch (err) {
      req.log.warn({ err }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
