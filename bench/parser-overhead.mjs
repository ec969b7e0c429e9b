// The position-recording parse against js-yaml alone (and with an empty listener), interleaved; the
// minimum of each, which contention on a shared machine disturbs least.   node bench/parser-overhead.mjs FILE [runs]
import fs from 'node:fs';
import yaml from 'js-yaml';
import { parseSource } from '../dist/src/load/source.js';
const [file, runs = '9'] = process.argv.slice(2);
const text = fs.readFileSync(file, 'utf8');
const schema = yaml.CORE_SCHEMA;
const cases = {
  'js-yaml load': () => yaml.load(text, { schema }),
  'js-yaml load, empty listener': () => yaml.load(text, { schema, listener: () => {} }),
  parseSource: () => parseSource(text, file),
};
const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let i = 0; i < Number(runs); i++) {
  for (const [k, f] of Object.entries(cases)) {
    const s = performance.now();
    f();
    times[k].push(performance.now() - s);
  }
}
for (const [k, v] of Object.entries(times)) console.log(k.padEnd(32), 'min', Math.min(...v).toFixed(0).padStart(5), 'median', v.sort((a, b) => a - b)[v.length >> 1].toFixed(0).padStart(5));
