import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * From this machine, and not relayed by a proxy for someone else (a proxy on loopback adds these
 * headers). Reads the socket's peer, never request.ip: TRUST_PROXY must not open what is local only.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  return LOOPBACK.test(peer) && !request.headers['x-forwarded-for'] && !request.headers.forwarded;
}
