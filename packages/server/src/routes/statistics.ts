// Findings per rule per week, as JSON; the page of the same numbers is in pages.ts.
import { sendJson } from '../http/errors.js';
import type { Route } from '../http/router.js';
import { statistics, type RequestContext } from './context.js';

export function statisticsRoutes(): Route<RequestContext>[] {
  return [
    {
      method: 'GET',
      path: '/statistics',
      kind: 'api',
      async handle(context) {
        const { weeks, items } = await statistics(context);
        sendJson(context.response, 200, { weeks, items });
      },
    },
  ];
}
