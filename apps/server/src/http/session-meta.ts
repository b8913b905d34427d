import type { FastifyRequest } from 'fastify';

/** Where a sign-in came from, kept with its session (the console shows it). */
export function sessionMeta(req: FastifyRequest) {
  return { ip: req.ip, userAgent: req.headers['user-agent'] };
}
