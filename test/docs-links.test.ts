// Every relative link of the README and the docs pages (docs/*.md, docs/rules/*.md) names a file or
// folder of the checkout, and a `#fragment` names a heading (or an `<a id>`) of the page it points
// into, with the anchors GitHub gives headings. External links (http:, https:, mailto:) are not
// fetched: a test must not depend on the network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectDir } from './helpers/paths.js';

const pages = [
  'README.md',
  ...readdirSync(path.join(projectDir, 'docs')).filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`),
  ...readdirSync(path.join(projectDir, 'docs', 'rules')).filter((n) => n.endsWith('.md')).map((n) => `docs/rules/${n}`),
].sort();

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
  for (const m of withoutFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const text = m[1]!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '').replace(/[`*]/g, '');
    const base = text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    found.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(m[1]!);
  return found;
}

const anchorCache = new Map<string, Set<string>>();
const anchorsOf = (file: string) => {
  if (!anchorCache.has(file)) anchorCache.set(file, anchors(readFileSync(file, 'utf8')));
  return anchorCache.get(file)!;
};

test('the anchors are the ones GitHub makes', () => {
  const page = '# The JSON output (stable)\n## OpenAPI 3.0 and 3.1\n## How `schema-valid` words its errors\n## Emacs (eglot)\n## Usage\n## Usage\n```\n# not a heading\n```\n';
  assert.deepEqual([...anchors(page)], ['the-json-output-stable', 'openapi-30-and-31', 'how-schema-valid-words-its-errors', 'emacs-eglot', 'usage', 'usage-1']);
});

test('the README links every page of docs/ (but the rule pages, which docs/rules.md leads to)', () => {
  const readme = readFileSync(path.join(projectDir, 'README.md'), 'utf8');
  for (const page of pages.filter((p) => /^docs\/[^/]+\.md$/.test(p))) assert.ok(readme.includes(`](${page})`), `README.md does not link ${page}`);
});

for (const page of pages) {
  test(`every relative link of ${page} resolves`, () => {
    const file = path.join(projectDir, page);
    const broken: string[] = [];
    for (const m of prose(readFileSync(file, 'utf8')).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const [where, fragment] = target.split('#', 2) as [string, string | undefined];
      const resolved = where === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(where));
      if (!resolved.startsWith(projectDir + path.sep) && resolved !== projectDir) {
        broken.push(`${target}: outside the checkout`);
        continue;
      }
      if (!existsSync(resolved)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (fragment !== undefined && resolved.endsWith('.md') && statSync(resolved).isFile() && !anchorsOf(resolved).has(fragment)) {
        broken.push(`${target}: no heading with the anchor #${fragment} in ${path.relative(projectDir, resolved)}`);
      }
    }
    assert.deepEqual(broken, []);
  });
}
