// An API's revisions: publishing (lint and store), reading, deleting, their findings and the diff of
// two. DELETE stays before GET on /apis/{api_id}/revisions/{revision_id}, as the Allow header of a
// 405 on that path has always listed them.
import { readJson } from '../http/body.js';
import { badRequest, notFound, sendJson } from '../http/errors.js';
import type { Route } from '../http/router.js';
import { parseBundle } from '../bundle.js';
import { discardBody, publishAsJob } from '../jobs/publish.js';
import { isUniqueViolation, type Severity } from '../store.js';
import { numberAfter, pageOf, pageRequest } from '../http/pagination.js';
import { apiAccess, bundleBytes, chargeLintBytes, clientGone, diffChange, diffCursor, diffFindingsOf, existingApi, existingRevision, restFinding, revisionDiff, revisionNumber, type RequestContext } from './context.js';
import { diffEntries } from '../diffs.js';

export function revisionRoutes(): Route<RequestContext>[] {
  return [
    {
      method: 'DELETE',
      path: '/apis/{api_id}/revisions/{revision_id}',
      kind: 'api',
      async handle(context, params) {
        const { id, principal } = apiAccess(context, params, 'publish', '/revisions', 'rw');
        const number = revisionNumber(params);
        if (!(await context.services.store.deleteRevision(id, number, principal.name))) throw notFound(`Revision ${number} of the API '${id}'`);
        context.response.writeHead(204, { 'cache-control': 'no-store' }).end();
      },
    },
    {
      method: 'GET',
      path: '/apis/{api_id}/revisions',
      kind: 'api',
      async handle(context, params) {
        const { id } = apiAccess(context, params, 'read', '/revisions', 'r');
        await existingApi(context, id);
        const page = pageRequest(context.url);
        const rows = await context.services.store.revisions(id, { after: numberAfter(page), limit: page.limit + 1 });
        sendJson(context.response, 200, pageOf(rows, page, (r) => String(r.id), (r) => r));
      },
    },
    {
      method: 'POST',
      path: '/apis/{api_id}/revisions',
      kind: 'api',
      async handle(context, params) {
        const { id, principal } = apiAccess(context, params, 'publish', '/revisions', 'rw');
        const { services } = context;
        const key = context.request.headers['idempotency-key'];
        if (key !== undefined && (typeof key !== 'string' || !/^[A-Za-z0-9_-]{8,100}$/.test(key))) throw badRequest('invalid-idempotency-key', 'Idempotency-Key is 8 to 100 letters, digits, dashes or underscores, such as a UUID.');
        // on PostgreSQL the body becomes the job's data in a worker thread, off this event loop
        const prepared = services.publishReader ? await services.publishReader.read(context.request, services.limits, { apiId: id, publishedBy: principal.name, idempotencyKey: key ?? null }) : undefined;
        const bundle = prepared ? undefined : parseBundle(await readJson(context.request, services.limits.maxBodyBytes), services.limits);
        // a retry of a publish that was stored, whose answer was lost: the same revision again
        const replay = async () => {
          const earlier = key === undefined ? undefined : await services.store.revisionByKey(id, key);
          if (earlier) {
            // the body read for this retry is not needed: deleted before the answer, which a client may act on
            if (services.jobs) await discardBody(services.jobs, prepared);
            sendJson(context.response, 200, earlier, { location: `/apis/${id}/revisions/${earlier.id}` });
          }
          return earlier !== undefined;
        };
        const rulesetId = await (async () => {
          try {
            if (await replay()) return undefined;
            const rulesetId = await services.store.ensureApi(id);
            // a lint costs by its size wherever it runs: here or as a job on a worker
            await chargeLintBytes(context, prepared ? prepared.bytes : bundleBytes(bundle!));
            return rulesetId;
          } catch (error) {
            if (services.jobs) await discardBody(services.jobs, prepared);
            throw error;
          }
        })();
        if (rulesetId === undefined) return; // answered with the earlier revision
        if (services.jobs && prepared) return publishAsJob(context.response, services.jobs, services.metrics, { apiId: id, key, publishedBy: principal.name, prepared, clientGone: clientGone(context) });
        if (!bundle) throw new Error('a publish read for a job queue the service does not have');
        const ruleset = (await services.store.ruleset(rulesetId))!;
        const outcome = await services.lint(bundle, ruleset, clientGone(context));
        let revision;
        try {
          revision = await services.store.addRevision({ apiId: id, root: bundle.root, ...outcome, publishedBy: principal.name, idempotencyKey: key, files: bundle.files });
        } catch (error) {
          // the same key stored meanwhile by a concurrent request (another instance): answer with its revision
          if (isUniqueViolation(error) && (await replay())) return;
          throw error;
        }
        sendJson(context.response, 201, revision, { location: `/apis/${id}/revisions/${revision.id}` });
      },
    },
    {
      method: 'GET',
      path: '/apis/{api_id}/revisions/{revision_id}',
      kind: 'api',
      async handle(context, params) {
        const { id } = apiAccess(context, params, 'read', '/revisions', 'r');
        sendJson(context.response, 200, await existingRevision(context, id, revisionNumber(params)));
      },
    },
    {
      method: 'GET',
      path: '/apis/{api_id}/revisions/{revision_id}/findings',
      kind: 'api',
      async handle(context, params) {
        const { id } = apiAccess(context, params, 'read', '/revisions', 'r');
        const number = revisionNumber(params);
        await existingRevision(context, id, number);
        const severity = context.url.searchParams.get('severity');
        if (severity !== null && !['error', 'warn', 'info', 'hint'].includes(severity)) throw badRequest('invalid-severity', 'severity should be error, warn, info or hint.');
        const page = pageRequest(context.url);
        const rows = await context.services.store.findings(id, number, { severity: (severity ?? undefined) as Severity | undefined, afterSeq: numberAfter(page), limit: page.limit + 1 });
        sendJson(context.response, 200, pageOf(rows, page, (f) => String(f.seq), restFinding));
      },
    },
    {
      method: 'GET',
      path: '/apis/{api_id}/revisions/{revision_id}/diff',
      kind: 'api',
      async handle(context, params) {
        const change = diffChange(context.url);
        const page = pageRequest(context.url);
        const after = diffCursor(page);
        const { diff, from, to } = await revisionDiff(context, params);
        // a page is a slice of the diff's sequence numbers: only its own findings are read and sent
        const listed = pageOf(diffEntries(diff, after, page.limit + 1, change), page, (e) => `${e.change}.${e.seq}`, (e) => e);
        const items = (await diffFindingsOf(context, from, to, listed.items)).map(({ change, ...f }) => ({ change, ...restFinding(f) }));
        sendJson(context.response, 200, {
          api_id: to.api_id,
          from: from.id,
          to: to.id,
          counts: { new: diff.new.length, fixed: diff.fixed.length, unchanged: diff.unchanged.length },
          items,
          next_cursor: listed.next_cursor,
        });
      },
    },
  ];
}
