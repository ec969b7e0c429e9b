// Linting without storing: a bundle in the body or a document at a URL, with a stored ruleset.
import { readJson } from '../http/body.js';
import { sendJson } from '../http/errors.js';
import type { Route } from '../http/router.js';
import { parseBundle, type Bundle } from '../bundle.js';
import type { Severity } from '../store.js';
import { fetchDocument } from '../fetch-document.js';
import { chargeLint, clientGone, demand, existingRuleset, restFinding, type RequestContext } from './context.js';

export function lintRoutes(): Route<RequestContext>[] {
  return [
    {
      method: 'POST',
      path: '/lint',
      kind: 'api',
      async handle(context) {
        // linting without storing reads nothing stored: any role may
        demand(context, 'read');
        const { services } = context;
        const ruleset = await existingRuleset(context, context.url.searchParams.get('ruleset_id') ?? 'default');
        // a URL to fetch, or the bundle in the body
        const url = context.url.searchParams.get('url');
        let bundle: Bundle;
        if (url !== null) {
          const { name, text } = await fetchDocument(url, { ...services.lintUrls, maxBytes: services.limits.maxBodyBytes, timeoutMs: 15_000 });
          bundle = parseBundle({ root: name, files: { [name]: text } }, services.limits);
        } else {
          bundle = parseBundle(await readJson(context.request, services.limits.maxBodyBytes), services.limits);
        }
        await chargeLint(context, bundle);
        const outcome = await services.lint(bundle, ruleset, clientGone(context));
        const count = (severity: Severity) => outcome.findings.filter((f) => f.severity === severity).length;
        sendJson(context.response, 200, {
          ruleset_id: ruleset.id,
          title: outcome.title,
          version: outcome.version,
          errors: count('error'),
          warnings: count('warn'),
          infos: count('info'),
          hints: count('hint'),
          findings: outcome.findings.map((f, seq) => restFinding({ ...f, seq })),
        });
      },
    },
  ];
}
