import { defineRule } from '../src/lint/rule.js';
import { equivalentPairs } from './lib/equivalent-paths.js';
import { placeholders } from './lib/template.js';

export default defineRule({
  meta: {
    id: 'path-param-names-consistent',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    // recommended by measured precision (issue 38, bench/path-rules.mjs): its lower bound is under 0.9, so only in `all`
    severity: 'off',
    allSeverity: 'warn',
    description: 'Paths that differ only in parameter names (and share no method) use the same names.',
    messages: {
      otherNames: "'{{path}}' names the parameters of '{{other}}' differently ('{{{mine}}}' for '{{{theirs}}}'); use the same names and put its operations under '{{other}}'.",
    },
    docs: `\`PUT /teams/{id}/repos/{org}/{repo}\` beside \`GET /teams/{id}/repos/{owner}/{repo}\` is valid Swagger 2.0: the two
templates match the same URLs, but no method is on both, so a router tells them apart by method. They
still name one resource two ways: its members are addressed by their identifier inside the collection
(CONVENTIONS.md section 3), and one identifier has one name. The later path is reported at its first
parameter whose name differs, naming the earlier path: rename its parameters and merge the operations.

When a method is on both paths, requests cannot be routed and the error
[\`path-unique-template\`](path-unique-template.md) reports it instead.

Fails:

\`\`\`yaml
paths:
  /teams/{id}/repos/{owner}/{repo}:
    get: {responses: {'200': {description: OK}}}
  /teams/{id}/repos/{org}/{repo}:
    put: {responses: {'200': {description: OK}}}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /teams/{id}/repos/{owner}/{repo}:
    get: {responses: {'200': {description: OK}}}
    put: {responses: {'200': {description: OK}}}
\`\`\``,
  },
  create: (ctx) => ({
    Paths(paths, node) {
      for (const { key, other, shared } of equivalentPairs(ctx, paths, node)) {
        if (shared.length > 0) continue; // a shared method: path-unique-template's error
        const mine = placeholders(key);
        const theirs = placeholders(other);
        const at = mine.findIndex((p, i) => p.name !== theirs[i]?.name);
        const first = mine[at === -1 ? 0 : at];
        ctx.report({
          node: ctx.child(node, key),
          ...(first ? { columns: [first.start, first.end] as [number, number] } : {}),
          messageId: 'otherNames',
          data: { path: key, other, mine: first?.name ?? '', theirs: theirs[at === -1 ? 0 : at]?.name ?? '' },
        });
      }
    },
  }),
});
