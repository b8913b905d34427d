import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** Headers a proxy adds: a request carrying any of them came from somewhere else, through a proxy. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'via',
];

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * Whether the request was made on this machine: the socket's peer (never X-Forwarded-For, whatever
 * TRUST_PROXY says) is a loopback address and no proxy forwarded it (a reverse proxy on this
 * machine connects from loopback too, on behalf of anyone).
 */
export function isLocalClient(req: FastifyRequest): boolean {
  return (
    isLoopbackAddress(req.raw.socket.remoteAddress) && FORWARDING_HEADERS.every((h) => !(h in req.headers))
  );
}

/** An onRequest hook for development conveniences: anyone but a local client gets 404, as if absent. */
export async function localClientsOnly(req: FastifyRequest): Promise<void> {
  if (!isLocalClient(req)) throw new AppError('NotFound');
}
