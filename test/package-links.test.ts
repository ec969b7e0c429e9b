import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linksFor, repositoryWebUrl } from '../src/package-links.js';
import { packageDocsLink } from '../src/lsp/to-lsp.js';

test('the repository field, in the forms package.json allows, gives its web address', () => {
  assert.equal(repositoryWebUrl({ type: 'git', url: 'git+https://github.com/swaglint/swaglint.git' } as { url: string }), 'https://github.com/swaglint/swaglint');
  assert.equal(repositoryWebUrl('https://gitlab.example.com/tools/swaglint/'), 'https://gitlab.example.com/tools/swaglint');
  assert.equal(repositoryWebUrl('github:swaglint/swaglint'), 'https://github.com/swaglint/swaglint');
  assert.equal(repositoryWebUrl('swaglint/swaglint'), 'https://github.com/swaglint/swaglint');
  assert.equal(repositoryWebUrl('git@github.com:swaglint/swaglint.git'), undefined);
  assert.equal(repositoryWebUrl('file:///home/me/swaglint'), undefined);
  assert.equal(repositoryWebUrl(undefined), undefined);
});

test("a rule's page is the repository's file at the version's tag; no repository, no link", () => {
  const links = linksFor({ version: '1.2.3', repository: { url: 'git+https://github.com/swaglint/swaglint.git' } });
  assert.equal(links?.homepage, 'https://github.com/swaglint/swaglint');
  assert.equal(links?.file('docs/rules/path-no-verbs.md'), 'https://github.com/swaglint/swaglint/blob/v1.2.3/docs/rules/path-no-verbs.md');
  const docs = packageDocsLink(links, new Set(['path-no-verbs']));
  assert.equal(docs('path-no-verbs'), 'https://github.com/swaglint/swaglint/blob/v1.2.3/docs/rules/path-no-verbs.md');
  assert.equal(docs('acme/custom'), undefined, 'a plugin rule has no page here');
  assert.equal(linksFor({ version: '1.2.3' }), undefined);
  assert.equal(packageDocsLink(undefined, new Set(['path-no-verbs']))('path-no-verbs'), undefined);
});
