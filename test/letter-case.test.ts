// Letter case in `$ref`d file names (issue 14): found by listing directories, so the answer is the same
// on a case-sensitive file system (Linux CI) and a case-insensitive one (macOS, Windows).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { caseOnDisk, caseVariant } from '../src/load/letter-case.js';

const root = mkdtempSync(path.join(tmpdir(), 'swaglint-case-'));
after(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(path.join(root, 'httpExamples', 'items'), { recursive: true });
writeFileSync(path.join(root, 'httpExamples', 'items', 'GET_items.json'), '{}');
const onDisk = path.join(root, 'httpExamples', 'items', 'GET_items.json');

test('caseVariant: a missing file that exists with other case, in a directory or its name', () => {
  assert.equal(caseVariant(path.join(root, 'httpExamples', 'Items', 'GET_items.json'), () => true, new Map()), onDisk);
  assert.equal(caseVariant(path.join(root, 'httpExamples', 'items', 'get_ITEMS.json'), () => true, new Map()), onDisk);
  assert.equal(caseVariant(path.join(root, 'httpExamples', 'Items', 'POST_items.json'), () => true, new Map()), undefined);
});

test('caseVariant: lists nothing where it may not (outside the project)', () => {
  assert.equal(caseVariant(path.join(root, 'httpExamples', 'Items', 'GET_items.json'), () => false, new Map()), undefined);
});

test('caseOnDisk: a path a case-insensitive file system opened, against the names on disk', () => {
  assert.equal(caseOnDisk(path.join(root, 'httpExamples', 'Items', 'GET_items.json'), root, new Map(), () => true), onDisk);
  assert.equal(caseOnDisk(onDisk, root, new Map(), () => true), undefined);
  assert.equal(caseOnDisk(onDisk, path.join(root, 'elsewhere'), new Map(), () => true), undefined); // outside: not listed
});

test('caseOnDisk: with the listings of one crawl shared, a folder found exact once still has its files checked', () => {
  mkdirSync(path.join(root, 'many'));
  for (let i = 0; i < 50; i++) writeFileSync(path.join(root, 'many', `f${i}.yaml`), '{}');
  mkdirSync(path.join(root, 'many', 'deep', 'er'), { recursive: true });
  writeFileSync(path.join(root, 'many', 'deep', 'er', 'g.yaml'), '{}');
  const listings = new Map();
  // the first lookups find many/ written as on disk; later ones in it look up their own name only
  assert.equal(caseOnDisk(path.join(root, 'many', 'f1.yaml'), root, listings, () => true), undefined);
  assert.equal(caseOnDisk(path.join(root, 'many', 'f2.yaml'), root, listings, () => true), undefined);
  assert.equal(caseOnDisk(path.join(root, 'many', 'F3.yaml'), root, listings, () => true), path.join(root, 'many', 'f3.yaml'));
  assert.equal(caseOnDisk(path.join(root, 'Many', 'f4.yaml'), root, listings, () => true), path.join(root, 'many', 'f4.yaml'));
  assert.equal(caseOnDisk(path.join(root, 'many', 'f5.yaml'), root, listings, () => true), undefined);
  assert.equal(caseOnDisk(path.join(root, 'many', 'F6.yaml'), root, listings, () => false), undefined); // may not list: no answer
  assert.equal(caseOnDisk(path.join(root, 'many', 'f7.yaml'), path.join(root, 'elsewhere'), listings, () => true), undefined); // outside that root
  // below a folder found exact: the walk starts there, and a miscased folder or file under it is still found
  assert.equal(caseOnDisk(path.join(root, 'many', 'deep', 'er', 'g.yaml'), root, listings, () => true), undefined);
  assert.equal(caseOnDisk(path.join(root, 'many', 'Deep', 'er', 'g.yaml'), root, listings, () => true), path.join(root, 'many', 'deep', 'er', 'g.yaml'));
  assert.equal(caseOnDisk(path.join(root, 'many', 'deep', 'ER', 'g.yaml'), root, listings, () => true), path.join(root, 'many', 'deep', 'er', 'g.yaml'));
  assert.equal(caseOnDisk(path.join(root, 'many', 'deep', 'er', 'G.yaml'), root, listings, () => true), path.join(root, 'many', 'deep', 'er', 'g.yaml'));
  assert.equal(caseOnDisk(root, root, listings, () => true), undefined);
  assert.equal(caseOnDisk(path.join(path.dirname(root), 'F.yaml'), root, listings, () => true), undefined); // outside: not listed
});

test('caseVariant: a symlink inside the project to a folder outside it is not listed through', () => {
  // lnk -> elsewhere/outside: a miscased $ref through it must not say what exists out there
  const outside = mkdtempSync(path.join(tmpdir(), 'swaglint-case-outside-'));
  after(() => rmSync(outside, { recursive: true, force: true }));
  mkdirSync(path.join(outside, 'Secret'));
  writeFileSync(path.join(outside, 'Secret', 'keys.yaml'), 'x');
  symlinkSync(outside, path.join(root, 'lnk'));
  const allowed = (dir: string) => !path.relative(root, realpathSync(dir)).startsWith('..');
  assert.equal(caseVariant(path.join(root, 'LNK', 'secret', 'KEYS.yaml'), allowed, new Map()), undefined);
  assert.equal(caseVariant(path.join(root, 'lnk', 'secret', 'KEYS.yaml'), allowed, new Map()), undefined);
});
