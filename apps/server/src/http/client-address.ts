import { isIP } from 'node:net';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config.js';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Addresses and CIDRs go as they are. A hop count becomes
 * a function: Fastify 5 ignores X-Forwarded-For altogether when given a number (it cannot tell the
 * proxy from a client that reaches the server directly), so `n` trusts the socket's peer and the
 * next `n - 1` entries from the right, each written by a proxy; the entry before them is the
 * client. Only safe when clients cannot reach the instances except through those proxies.
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') {
    if (trust === 0) return false;
    return (_address: string, hop: number) => hop < trust;
  }
  return trust;
}

/** The 16-bit groups of an IPv6 address (zone dropped, a trailing dotted quad folded in). */
function ipv6Groups(address: string): number[] | undefined {
  const zoneless = address.split('%')[0] ?? '';
  if (isIP(zoneless) !== 6) return undefined;
  let text = zoneless;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key per-address limits count under: an IPv4 address as written; an IPv4-mapped IPv6
 * address (`::ffff:a.b.c.d`, what a dual-stack socket reports) as its IPv4 address; any other IPv6
 * address as its /64 (`2001:db8:1:2::/64`), because one subscriber line or host is given a whole
 * /64 and could otherwise take a fresh address for every try. Anything else (not an address) is
 * kept, cut to 64 characters.
 */
export function addressGroup(address: string): string {
  if (isIP(address) === 4) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address.slice(0, 64);
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff)
    return `${g6 >> 8}.${g6 & 255}.${g7 >> 8}.${g7 & 255}`;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * The client a per-address limit counts: the address TRUST_PROXY's proxies name (the socket's
 * peer when none is trusted), grouped by addressGroup. Every per-address limit keys by this.
 */
export function clientAddress(req: FastifyRequest): string {
  return addressGroup(req.ip);
}
