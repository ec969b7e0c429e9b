// The stratified draw of the OpenAPI 3 label sets (README.md: "OpenAPI 3 set", "A second OpenAPI 3 set,
// held out", "A third OpenAPI 3 set, held out"); each set's script gives its documents, seed and sizes.
// Every literal path segment of a source's documents (path keys united over its documents, methods
// united) is one member of its population, sorted by path and segment index; a source of at most 70 is
// taken whole, otherwise `uniform` at random, then `actionCell` more of cell A (a compound segment, or the
// last of a POST-only path), then `indexedSingular` more of cell S (a segment not ending in `s` before a
// parameter). No rule is run. Prints the population per cell (stderr) and the drawn rows (TSV); with
// --context <file>, also writes what a labeller reads for each row (the path's operations, and the paths
// that continue the segment's prefix). Arguments: [--context <file>] [folder of materialised documents,
// default bench/.real-apis].
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
const HTTP = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** A small seeded generator (mulberry32): the draw is the same on every machine. */
function seeded(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function sample(rand, members, k) {
  const left = [...members];
  const out = [];
  while (out.length < k && left.length > 0) out.push(left.splice(Math.floor(rand() * left.length), 1)[0]);
  return out;
}
const compound = (s) => s.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z]{2})/g, '$1 $2').split(/[-_. ]+/).filter((w) => /[a-zA-Z]/.test(w)).length >= 2;
const same = (a, b) => a.path === b.path && a.segment_index === b.segment_index;

/**
 * @param {{ documents: string, seed: number, uniform: number, actionCell: number, indexedSingular: number, followFileRefs?: boolean }} set
 *   `documents`: the set's documents list beside this file; `followFileRefs`: a path item written as a
 *   `$ref` to another file is read from that file.
 */
export function drawSegments(set, argv = process.argv.slice(2)) {
  const args = [...argv];
  const at = args.indexOf('--context');
  const contextFile = at >= 0 ? args.splice(at, 2)[1] : undefined;
  const dir = path.resolve(args[0] ?? path.join(here, '..', '.real-apis'));
  const list = readFileSync(path.join(here, set.documents), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')).filter((f) => f[5] === 'document').map((f) => f[0]);

  // path key -> { methods, operations } per source, united over its documents
  const sources = new Map();
  for (const file of list) {
    const source = file.split('/')[0];
    const text = readFileSync(path.join(dir, file), 'utf8');
    const doc = file.endsWith('.json') ? JSON.parse(text) : yaml.load(text);
    const paths = sources.get(source) ?? new Map();
    for (const [p, written] of Object.entries(doc.paths ?? {})) {
      const ref = set.followFileRefs && typeof written?.$ref === 'string' && !written.$ref.startsWith('#') ? written.$ref : undefined;
      const item = ref ? yaml.load(readFileSync(path.join(dir, path.dirname(file), ref), 'utf8')) : written;
      const entry = paths.get(p) ?? { methods: new Set(), ops: [] };
      for (const m of HTTP) {
        if (!item?.[m]) continue;
        entry.methods.add(m);
        entry.ops.push(`${m.toUpperCase()} ${item[m].operationId ?? ''}: ${String(item[m].summary ?? item[m].description ?? '').split('\n')[0].slice(0, 110)}`);
      }
      paths.set(p, entry);
    }
    sources.set(source, paths);
  }

  const context = [];
  console.log(['source', 'path', 'methods', 'segment_index', 'segment', 'stratum'].join('\t'));
  for (const [source, paths] of sources) {
    const all = [];
    for (const p of [...paths.keys()].sort()) {
      const segs = p.split('/').slice(1);
      const methods = HTTP.filter((m) => paths.get(p).methods.has(m));
      segs.forEach((s, i) => {
        if (s === '' || /[{}]/.test(s)) return;
        const postLeaf = i === segs.length - 1 && methods.length === 1 && methods[0] === 'post';
        const next = segs[i + 1] ?? '';
        all.push({ path: p, methods: methods.join(','), segment_index: i, segment: s, A: compound(s) || postLeaf, S: !/s$/i.test(s) && (/[{}]/.test(next) || next.startsWith(':')) });
      });
    }
    const cells = {};
    for (const r of all) cells[(r.A ? 'A' : '') + (r.S ? 'S' : '')] = (cells[(r.A ? 'A' : '') + (r.S ? 'S' : '')] ?? 0) + 1;
    console.error(`${source}: ${all.length} segments, per cell ${JSON.stringify(cells)}`);
    const rand = seeded(set.seed + source.length);
    let picked;
    if (all.length <= 70) picked = all.map((r) => ({ ...r, stratum: 'census' }));
    else {
      const u = sample(rand, all, set.uniform).map((r) => ({ ...r, stratum: 'uniform' }));
      const a = sample(rand, all.filter((r) => r.A && !u.some((x) => same(x, r))), set.actionCell).map((r) => ({ ...r, stratum: 'action-cell' }));
      const taken = [...u, ...a];
      const s = sample(rand, all.filter((r) => r.S && !taken.some((x) => same(x, r))), set.indexedSingular).map((r) => ({ ...r, stratum: 'indexed-singular' }));
      picked = [...taken, ...s];
    }
    picked.sort((x, y) => x.path.localeCompare(y.path) || x.segment_index - y.segment_index);
    for (const r of picked) {
      console.log([source, r.path, r.methods, r.segment_index, r.segment, r.stratum].join('\t'));
      if (!contextFile) continue;
      const prefix = r.path.split('/').slice(0, r.segment_index + 2).join('/');
      const continuing = [...paths.keys()].filter((p) => p === prefix || p.startsWith(prefix + '/')).sort();
      context.push(`## ${source} ${r.path} [${r.segment_index}] ${r.segment}\n${paths.get(r.path).ops.map((o) => '  ' + o).join('\n')}\n  continuing ${prefix}: ${continuing.slice(0, 12).map((p) => `${p} (${[...paths.get(p).methods].join(',')})`).join('; ')}${continuing.length > 12 ? ` ... ${continuing.length} in all` : ''}`);
    }
  }
  if (contextFile) writeFileSync(contextFile, context.join('\n') + '\n');
}
