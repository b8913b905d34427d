import type { FastifyRequest } from 'fastify';
import { clientAddress } from './client-address.js';

/**
 * Where a sign-in came from: the address kept with its session (the console shows it) and the
 * client its per-address limits count (clientAddress: IPv6 grouped by /64).
 */
export function sessionMeta(req: FastifyRequest) {
  return { ip: req.ip, client: clientAddress(req), userAgent: req.headers['user-agent'] };
}
