// The HTML pages for people (kind 'page'): the dashboard, an API, its rules, a revision, a diff, the
// statistics and a ruleset; each asks what the REST route beside it asks.
import { ClaimTypes } from '../auth/claims.js';
import { badRequest } from '../http/errors.js';
import type { Route } from '../http/router.js';
import { apiPage, dashboardPage, rulesetPage, trendLength } from '../web/pages.js';
import { rulesPage } from '../web/rules-page.js';
import { diffPage, shownPerChange } from '../web/diff-page.js';
import { statisticsPage } from '../web/statistics-page.js';
import { sendPage } from '../web/html.js';
import { findingsPerPage, revisionPage } from '../web/revision-page.js';
import { apiAccess, demand, diffFindingsOf, firstEntries, existingApi, existingRevision, existingRuleset, revisionDiff, revisionNumber, rulesOf, statistics, visibleApis, type RequestContext } from './context.js';

/** A page's `page` query parameter: 1 when absent. */
function pageNumber(url: URL): number {
  const value = url.searchParams.get('page');
  if (value === null) return 1;
  if (!/^[1-9][0-9]{0,6}$/.test(value)) throw badRequest('invalid-page', 'page is a whole number from 1.');
  return Number(value);
}

export function pageRoutes(): Route<RequestContext>[] {
  return [
    {
      method: 'GET',
      path: '/',
      kind: 'page',
      async handle(context) {
        const principal = demand(context, 'read');
        const apis = visibleApis(context, principal, await context.services.store.apis());
        // the trend over revisions only where the latest one may be seen
        const trends = new Map(await Promise.all(apis.filter((a) => a.latest).map(async (a) => [a.id, await context.services.store.revisions(a.id, { last: trendLength })] as const)));
        sendPage(context.response, dashboardPage(apis, trends, principal.name, principal.find(ClaimTypes.authenticationMethod) === 'session'));
      },
    },
    {
      method: 'GET',
      path: '/ui/apis/{api_id}',
      kind: 'page',
      async handle(context, params) {
        // the page lists the API's revisions: it needs what reading them needs
        const { id } = apiAccess(context, params, 'read', '/revisions', 'r');
        const api = await existingApi(context, id);
        sendPage(context.response, apiPage(api, await context.services.store.revisions(id)));
      },
    },
    {
      method: 'GET',
      path: '/ui/apis/{api_id}/rules',
      kind: 'page',
      async handle(context, params) {
        const { id } = apiAccess(context, params, 'read', '', 'r');
        sendPage(context.response, rulesPage(await rulesOf(context, id)));
      },
    },
    {
      method: 'GET',
      path: '/ui/apis/{api_id}/revisions/{revision_id}',
      kind: 'page',
      async handle(context, params) {
        const { id } = apiAccess(context, params, 'read', '/revisions', 'r');
        const number = revisionNumber(params);
        const revision = await existingRevision(context, id, number);
        const page = pageNumber(context.url);
        const { store, revisionPages, lineTables } = context.services;
        // the same for every viewer who may see it, and a stored revision never changes: made once, kept.
        // Keyed by when it was published too: after the API is deleted and published again, its
        // numbers start at 1 again and name other revisions.
        const stored = JSON.stringify([id, number, revision.published_at]);
        const html = await revisionPages.get(`${stored}#${page}`, async () => {
          const findings = await store.findings(id, number, { offset: (page - 1) * findingsPerPage, limit: findingsPerPage });
          // only the files this page's findings are in, each read into a line table once and kept
          const tables = await lineTables.get(stored, [...new Set(findings.map((f) => f.file))], (missing) => store.files(id, number, missing));
          return revisionPage(revision, findings, tables, page);
        });
        sendPage(context.response, html);
      },
    },
    {
      method: 'GET',
      path: '/ui/apis/{api_id}/revisions/{revision_id}/diff',
      kind: 'page',
      async handle(context, params) {
        const { diff, from, to } = await revisionDiff(context, params);
        const [added, fixed] = await Promise.all([diffFindingsOf(context, from, to, firstEntries(diff, 'new', shownPerChange)), diffFindingsOf(context, from, to, firstEntries(diff, 'fixed', shownPerChange))]);
        sendPage(context.response, diffPage(from, to, { new: diff.new.length, fixed: diff.fixed.length, unchanged: diff.unchanged.length }, added, fixed));
      },
    },
    {
      method: 'GET',
      path: '/ui/statistics',
      kind: 'page',
      async handle(context) {
        const { weeks, items } = await statistics(context);
        sendPage(context.response, statisticsPage(weeks, items));
      },
    },
    {
      method: 'GET',
      path: '/ui/rulesets/{ruleset_id}',
      kind: 'page',
      async handle(context, params) {
        demand(context, 'read');
        sendPage(context.response, rulesetPage(await existingRuleset(context, params['ruleset_id']!)));
      },
    },
  ];
}
