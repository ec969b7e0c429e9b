import fs from 'node:fs';
import yaml from 'js-yaml';
import { parseSource } from '../dist/src/load/source.js';
import { lintText } from '../dist/src/lint/lint.js';
const text = fs.readFileSync(process.argv[2], 'utf8');
const t = (label, f) => { const s = performance.now(); const r = f(); console.log(label, (performance.now() - s).toFixed(0), 'ms'); return r; };
for (let i = 0; i < 3; i++) {
  t('js-yaml load', () => yaml.load(text));
  t('parseSource', () => parseSource(text, process.argv[2]));
  const s = performance.now(); const r = await lintText(text, process.argv[2], { preset: 'recommended' }); console.log('lint', (performance.now() - s).toFixed(0), 'ms', r.diagnostics.length);
}
