// The probes: health checks, metrics scrapers and tools call them blind, with no api-version and no
// credentials (kind 'probe').
import { HttpError, sendJson } from '../http/errors.js';
import type { Route } from '../http/router.js';
import { serviceDescription } from '../description.js';
import type { RequestContext } from './context.js';

/** 200 when this instance should be sent requests: not while it drains, nor while its database is silent. */
async function readiness(context: RequestContext): Promise<void> {
  if (context.services.draining()) throw new HttpError(503, 'draining', 'The service is shutting down; another instance takes requests.', { 'retry-after': '1' });
  if (!(await context.services.health.ok())) throw new HttpError(503, 'database-unavailable', 'The database does not answer.');
  sendJson(context.response, 200, { status: 'ok', database: context.services.databaseKind });
}

export function probeRoutes(): Route<RequestContext>[] {
  return [
    // today's probe, kept as the readiness probe's alias
    { method: 'GET', path: '/health', kind: 'probe', handle: readiness },
    {
      // the process answers: a liveness probe that a database outage must not turn into restarts
      method: 'GET',
      path: '/health/live',
      kind: 'probe',
      async handle(context) {
        sendJson(context.response, 200, { status: 'ok' });
      },
    },
    // the instance can take requests: what a load balancer or a readiness probe asks
    { method: 'GET', path: '/health/ready', kind: 'probe', handle: readiness },
    {
      method: 'GET',
      path: '/swagger.json',
      kind: 'probe',
      async handle(context) {
        sendJson(context.response, 200, serviceDescription());
      },
    },
    {
      method: 'GET',
      path: '/metrics',
      kind: 'probe',
      async handle(context) {
        const { metrics } = context.services;
        const text = await metrics.text();
        context.response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text);
      },
    },
  ];
}
