// The service's routes, one module a resource under routes/ (a new route goes in its resource's
// module; what more than one of them needs, in routes/context.ts). No two patterns here match the
// same path, so the order of the modules decides nothing but, within a path, the order of the
// methods that a 405's Allow header lists; test/routes.test.ts holds both.
import type { Route } from './http/router.js';
import type { RequestContext } from './routes/context.js';
import { probeRoutes } from './routes/probes.js';
import { apiRoutes } from './routes/apis.js';
import { revisionRoutes } from './routes/revisions.js';
import { statisticsRoutes } from './routes/statistics.js';
import { auditRoutes } from './routes/audit.js';
import { lintRoutes } from './routes/lint.js';
import { rulesetRoutes } from './routes/rulesets.js';
import { tokenRoutes } from './routes/tokens.js';
import { signInRoutes } from './routes/sign-in.js';
import { pageRoutes } from './routes/pages.js';

export type { RequestContext, Services } from './routes/context.js';

const resourceRoutes = [probeRoutes, apiRoutes, revisionRoutes, statisticsRoutes, auditRoutes, lintRoutes, rulesetRoutes, tokenRoutes, signInRoutes, pageRoutes] as const;

export function routes(): Route<RequestContext>[] {
  return resourceRoutes.flatMap((resource) => resource());
}
