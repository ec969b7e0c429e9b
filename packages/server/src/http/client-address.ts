import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/**
 * The address a request came from, for limits on failed authentication. Behind a load balancer every
 * peer is the balancer, so its `X-Forwarded-For` is read, but only from the addresses the operator
 * names (`--trust-forwarded-for`): anyone else could write any address there and so escape the limit.
 * Read from the right: the last hop a trusted proxy did not add is the client (entries further left
 * were written by the client and prove nothing).
 */
export function clientAddress(request: IncomingMessage, trustedProxies: readonly string[]): string {
  const peer = normalize(request.socket.remoteAddress ?? '');
  if (!trustedProxies.includes(peer)) return peer;
  const header = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((hop) => normalize(hop.trim())).filter((hop) => hop !== '');
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    // a hop that is no address (a proxy's `unknown`) ends the chain: what came before it cannot be placed
    if (isIP(hops[i]!) === 0) break;
    client = hops[i]!;
    if (!trustedProxies.includes(client)) break;
  }
  return client;
}

function normalize(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}
