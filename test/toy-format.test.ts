// The seam where an API format plugs in (docs/architecture.md, "Adding an API format"): a toy format
// of two kinds and one rule for it (given as a plugin: a format is data and carries no rules), defined here and nowhere else, runs through the same pipeline as Swagger
// 2.0: detected, walked by its own table, its rule given the same context, its findings placed by line
// and column, carrying their API path from where the format says path items live, and filtered like any.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lintText, formats, defineRule, type ApiFormat, type ChildSpec } from '../src/index.js';

type ToyKind = 'Deck' | 'Card';

const cardTitle = defineRule<Record<string, never>, ToyKind>({
  meta: { id: 'toy/card-title', formats: ['toy'], category: 'validity', severity: 'error', description: 'Every card has a title.' },
  create: (ctx) => ({
    Card(card, node) {
      if (typeof card['title'] !== 'string') ctx.report({ node, message: `A card needs a title (format ${ctx.format.id}).` });
    },
  }),
});

const deckChildren: Record<string, ChildSpec<ToyKind>> = { cards: { map: 'Card' }, spares: { map: 'Card' } };

const toy: ApiFormat<ToyKind> = {
  id: 'toy',
  name: 'Toy 1',
  detect: (value) => (value['toy'] === '1' ? 'declared' : undefined),
  kinds: {
    root: 'Deck',
    childSpec: (kind, key) => (kind === 'Deck' ? deckChildren[key] : undefined),
    described: new Set<ToyKind>(['Card']),
    referable: new Set<ToyKind>(['Card']),
    pathItems: ['cards'],
    kindAt: () => undefined,
  },
};

const deck = `toy: '1'
cards:
  /ace:
    title: Ace
  /two:
    text: no title
  /three:
    $ref: '#/spares/joker'
spares:
  joker:
    text: still none
`;

test('a toy format is detected, walked by its own kinds, and its one rule reports at line and column with its API path', async () => {
  const { diagnostics, skipped } = await lintText(deck, 'file:///deck.yaml', { formats: [...formats, toy], plugins: [cardTitle] });
  assert.equal(skipped, undefined);
  const found = diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId} ${d.apiPath ?? '-'} ${d.message}`);
  // /three's $ref'd card is visited where it is defined, outside the path items: no API path
  assert.deepEqual(found, ['5:3 toy/card-title /two A card needs a title (format toy).', '10:3 toy/card-title - A card needs a title (format toy).']);
});

test("a format's rule runs on its own documents only, and a document no listed format claims is skipped", async () => {
  const swagger = "swagger: '2.0'\ninfo: {title: T, version: '1'}\npaths: {}\n";
  const both = await lintText(swagger, 'file:///s.yaml', { formats: [...formats, toy], plugins: [cardTitle], rules: { 'toy/card-title': 'error' } });
  assert.equal(both.skipped, undefined);
  assert.ok(both.diagnostics.every((d) => !d.ruleId.startsWith('toy/')));
  const toyOnly = await lintText(swagger, 'file:///s.yaml', { formats: [toy], plugins: [cardTitle] });
  assert.match(toyOnly.skipped ?? '', /not an API description/);
  const swaggerOnly = await lintText(deck, 'file:///deck.yaml', { formats });
  assert.match(swaggerOnly.skipped ?? '', /not an API description/);
});

test("a toy format's findings go through the same filters: an inline ignore and a rule setting", async () => {
  const ignored = deck.replace('  /two:\n', '  # swaglint-disable-next-line toy/card-title\n  /two:\n');
  const { diagnostics } = await lintText(ignored, 'file:///deck.yaml', { formats: [toy], plugins: [cardTitle] });
  assert.deepEqual(diagnostics.map((d) => d.range.start.line + 1), [11]);
  const off = await lintText(deck, 'file:///deck.yaml', { formats: [toy], plugins: [cardTitle], rules: { 'toy/card-title': 'off' } });
  assert.deepEqual(off.diagnostics, []);
});

test("the rules about the file itself (meta.formats 'all') run on a format added later: duplicate-key and unused-ignore", async () => {
  const text = deck.replace('  /ace:\n    title: Ace\n', '  /ace:\n    title: Ace\n    title: Ace of spades\n').replace('  /three:\n', '  # swaglint-disable-next-line toy/card-title\n  /three:\n');
  const { diagnostics } = await lintText(text, 'file:///deck.yaml', { formats: [...formats, toy], plugins: [cardTitle] });
  const found = diagnostics.filter((d) => d.ruleId !== 'toy/card-title').map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId}`);
  assert.deepEqual(found, ['5:5 duplicate-key', '8:32 unused-ignore']);
});

test('a rule that names no formats runs on every format: Swagger 2.0, OpenAPI 3 and one added later', async () => {
  const anywhere = defineRule({
    meta: { id: 'acme/root-seen', severity: 'warn', description: 'Says it saw every document.' },
    create: (ctx) => ({ 'Document:done': () => ctx.report({ node: ctx.nodeAt(ctx.document.root, []), message: `seen (${ctx.format.id})` }) }),
  });
  const seen = async (text: string) => (await lintText(text, 'file:///x.yaml', { formats: [...formats, toy], plugins: [anywhere], rules: { 'acme/root-seen': 'warn' } })).diagnostics.filter((d) => d.ruleId === 'acme/root-seen').map((d) => d.message);
  assert.deepEqual(await seen("swagger: '2.0'\ninfo: {title: T, version: '1'}\npaths: {}\n"), ['seen (swagger2)']);
  assert.deepEqual(await seen("openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\n"), ['seen (openapi3)']);
  assert.deepEqual(await seen(deck), ['seen (toy)']);
});
