// Parses once, then runs the rules alone several times: run under `node --cpu-prof` to see where the
// rules' time goes without the parser's.   node --cpu-prof bench/profile-rules.mjs FILE [preset] [runs]
import fs from 'node:fs';
import { parseSource } from '../dist/src/load/source.js';
import { resolveDocument } from '../dist/src/load/load.js';
import { runRules } from '../dist/src/lint/run-rules.js';
import { swagger2 } from '../dist/src/formats/swagger2.js';
import { activeRules } from '../dist/src/pipeline/lint.js';
const [file, preset = 'recommended', runs = '8'] = process.argv.slice(2);
const text = fs.readFileSync(file, 'utf8');
const rules = await activeRules({ preset });
for (let i = 0; i < Number(runs); i++) {
  // a fresh parse each time: memos keyed by the document's values must start cold, as in a real run
  const doc = await resolveDocument(parseSource(text, file).source, { cwd: process.cwd() });
  const s = performance.now();
  const found = runRules(doc, swagger2, rules);
  console.log('rules', (performance.now() - s).toFixed(0), 'ms', found.length);
}
