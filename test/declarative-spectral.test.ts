// Side by side with Spectral, without Spectral: swaglint's findings for real Spectral rulesets
// (fixtures/spectral/) against the ones Spectral 6 reported for the same documents, recorded by
// `node bench/spectral.mjs --record`. Every difference must be one the recording lists and explains.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { lintInput } from '../src/pipeline/lint.js';
import { builtinRules } from '../rules/index.js';
import { readSpectralRuleset } from '../src/declarative/spectral.js';
import { spectralOasRuleNames } from '../src/declarative/spectral-oas-rules.js';
import { withRuleset } from '../src/config/apply-ruleset.js';
import { closestPointer, coreOnlyCopy, documentPath, readRecorded, rulesets, spectralFixtures } from './helpers/spectral-compare.js';
import { projectDir } from './helpers/paths.js';
import { corpusDir, sharedPresent, needsShared } from './helpers/shared-dir.js';

const recorded = readRecorded();
/** Without ../shared (a fresh clone) the corpus documents are left out and the fixtures' compared alone. */
const partial = needsShared();
const available = (document: string) => sharedPresent || !document.startsWith('corpus/');
const name = (file: string) => (file.startsWith(corpusDir + path.sep) ? 'corpus/' + path.relative(corpusDir, file).split(path.sep).join('/') : path.relative(projectDir, file).split(path.sep).join('/'));

for (const [ruleset, { file }] of Object.entries(rulesets)) {
  test(`the ${ruleset} ruleset: swaglint reports what Spectral reported, but for the explained differences`, async (t) => {
    const entry = recorded.rulesets[ruleset];
    assert.ok(entry, `fixtures/spectral/recorded.json has no '${ruleset}'; run node bench/spectral.mjs --record`);
    if (partial) t.diagnostic(`corpus documents left out: ${partial}`);
    // the vendored rulesets come without their JavaScript functions: the rules that use one are left out, as the recording did
    const layer = await readSpectralRuleset(path.join(coreOnlyCopy(path.join(spectralFixtures, path.dirname(file))), path.basename(file)), file, { cwd: projectDir });
    // the ruleset alone, as Spectral runs it: swaglint's own rules off
    const config = withRuleset({ rules: Object.fromEntries(builtinRules.map((r) => [r.meta.id, 'off' as const])) }, layer);
    // the ruleset's own rules: spectral:oas's are compared on fixtures/spectral/oas-rules
    const ids = new Set(layer.declarative.map((d) => d.id).filter((id) => !spectralOasRuleNames.has(id.replace(/^spectral\//, ''))));
    const got: string[] = [];
    for (const document of entry.documents.filter(available)) {
      const result = await lintInput({ path: documentPath(document) }, { config, allowExternalRefs: true });
      for (const d of result.diagnostics) {
        if (!ids.has(d.ruleId)) continue;
        got.push(`${d.ruleId.replace(/^spectral\//, '')}\t${name(d.uri)}\t${closestPointer(d.uri, d.pointer)}`);
      }
    }
    const spectral = Object.entries(entry.spectral).filter(([doc]) => available(doc)).flatMap(([doc, pairs]) => pairs.map(([rule, pointer]) => `${rule}\t${doc}\t${pointer}`));
    const key = (e: { rule: string; document: string; pointer: string }) => `${e.rule}\t${e.document}\t${e.pointer}`;
    const explained = entry.explained.filter((e) => available(e.document));
    const spectralOnly = new Set(explained.filter((e) => e.side === 'spectral').map(key));
    const expected = [...spectral.filter((k) => !spectralOnly.has(k)), ...explained.filter((e) => e.side === 'swaglint').map(key)];
    assert.deepEqual([...new Set(got)].sort(), [...new Set(expected)].sort());
    assert.ok(spectral.length > 0, 'the recording has findings to compare');
  });
}
