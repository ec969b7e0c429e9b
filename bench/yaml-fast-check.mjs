// Holds the YAML fast path (src/load/yaml-fast-path.ts) to js-yaml's reading on real documents: for
// every YAML file under the given directories (default: ../shared/corpus, bench/data and
// /work/main/bench/.real-apis), the value, every position the index answers, the duplicate keys; and
// how often the fast path gave up, and where. Also times both, and js-yaml's load alone, on the files
// given with --time.
//   node bench/yaml-fast-check.mjs [dir|file ...] [--time file ...]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import yaml from 'js-yaml';
import { join } from 'node:path';
import { parseYamlFast, parseYamlSlow } from '../dist/src/load/parse-yaml.js';
import { yamlDifference } from '../dist/test/helpers/yaml-compare.js';
import { giveUps } from '../dist/src/load/yaml-fast-path.js';

giveUps.trace = true;

const args = process.argv.slice(2);
const timeAt = args.indexOf('--time');
const timed = timeAt === -1 ? [] : args.splice(timeAt).slice(1);
const repo = new URL('..', import.meta.url).pathname;
const roots = args.length > 0 ? args : [join(repo, '../shared/corpus'), join(repo, 'bench/data'), '/work/main/bench/.real-apis'];

function* yamlFiles(path) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return;
  }
  if (st.isFile()) {
    if (/\.ya?ml$/i.test(path)) yield path;
    return;
  }
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === '.git') continue;
    yield* yamlFiles(join(path, name));
  }
}

let files = 0;
let fastCount = 0;
let slowErrors = 0;
const differences = [];
const bailed = [];
const reasons = new Map();
for (const root of roots) {
  for (const file of yamlFiles(root)) {
    const raw = readFileSync(file, 'utf8');
    const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw; // as parseSource hands it over
    files++;
    let slow;
    try {
      slow = parseYamlSlow(text, file);
    } catch {
      slow = undefined;
      slowErrors++;
    }
    let fast;
    try {
      fast = parseYamlFast(text);
    } catch (error) {
      differences.push(`${file}: the fast path threw ${error}`);
      continue;
    }
    if (!fast) {
      bailed.push(file);
      const where = giveUps.last.replace(/^at (?:Reader\.)?(\S+).*:(\d+):\d+\)?$/, '$1:$2');
      reasons.set(where, (reasons.get(where) ?? 0) + 1);
      continue;
    }
    fastCount++;
    if (!slow) {
      differences.push(`${file}: js-yaml refused it, the fast path read it`);
      continue;
    }
    const d = yamlDifference(fast, slow);
    if (d) differences.push(`${file}: ${d}`);
  }
}
console.log(`${files} YAML files under ${roots.join(', ')}: fast path read ${fastCount}, gave up on ${bailed.length} (${((100 * bailed.length) / Math.max(1, files)).toFixed(1)}%), js-yaml refused ${slowErrors}`);
console.log('gave up in (reader function:line in dist):', [...reasons].sort((a, b) => b[1] - a[1]).map(([w, n]) => `${w} ×${n}`).join(', '));
for (const d of differences.slice(0, 20)) console.log('DIFFERENT', d);
console.log(`${differences.length} differences`);
if (process.env.SHOW_BAILED) for (const b of bailed) console.log('gave up:', b);

for (const file of timed) {
  const text = readFileSync(file, 'utf8');
  const readers = {
    'fast path': () => {
      if (!parseYamlFast(text)) throw new Error(`${file}: the fast path gave up in ${giveUps.last}`);
    },
    'js-yaml with the listener': () => parseYamlSlow(text, file),
    "js-yaml's load alone (core schema)": () => yaml.load(text, { schema: yaml.CORE_SCHEMA }),
  };
  // warmed up, then interleaved, so that each gets the machine's same moments
  const times = Object.fromEntries(Object.keys(readers).map((k) => [k, []]));
  for (let round = 0; round < 10; round++) {
    for (const [name, read] of Object.entries(readers)) {
      const t0 = performance.now();
      read();
      if (round >= 3) times[name].push(performance.now() - t0);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1].toFixed(0);
  console.log(`${file}: ${Object.entries(times).map(([k, xs]) => `${k} ${median(xs)} ms`).join(', ')} (warm: medians of 7 interleaved runs after 3)`);
}
process.exitCode = differences.length > 0 ? 1 : 0;
