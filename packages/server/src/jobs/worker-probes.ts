// A `serve --role worker` process's own HTTP answers: the probes an orchestrator asks (live: the
// process answers; ready: its database answers and it is not draining) and its metrics (the jobs it
// ran by outcome, their wait and run time, the queue's depth). No API: it takes no requests.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseHealth } from '../db/health.js';
import type { ServiceMetrics } from '../metrics.js';

export async function listenProbes(host: string, port: number, health: DatabaseHealth, metrics: ServiceMetrics, draining: () => boolean): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET') return send(405, { error: { status: 405, code: 'method-not-allowed', message: 'A worker answers GET /health/live, /health/ready and /metrics.' } });
    if (path === '/health/live') return send(200, { status: 'ok' });
    if (path === '/health/ready' || path === '/health') {
      if (draining()) return send(503, { error: { status: 503, code: 'draining', message: 'The worker is shutting down.' } });
      void health.ok().then((ok) => (ok ? send(200, { status: 'ok', database: 'postgres' }) : send(503, { error: { status: 503, code: 'database-unavailable', message: 'The database does not answer.' } })));
      return;
    }
    if (path === '/metrics') {
      void metrics.text().then((text) => response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text));
      return;
    }
    send(404, { error: { status: 404, code: 'not-found', message: 'A worker answers GET /health/live, /health/ready and /metrics.' } });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return { server, url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` };
}
