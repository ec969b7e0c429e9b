// The one place tests learn whether ../shared (the corpus, the labels, synth.py) is beside the
// checkout. It is in this project's home and in CI; a fresh clone elsewhere has none, and its
// `npm test` must still pass: tests over ../shared skip there, saying why once per run.
import { closeSync, existsSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectDir } from './paths.js';

export const sharedDir = process.env['SWAGLINT_SHARED'] ?? path.resolve(projectDir, '..', 'shared');
export const corpusDir = process.env['SWAGLINT_CORPUS'] ?? path.join(sharedDir, 'corpus');

/** Whether ../shared is here: its corpus manifest is the mark (a stray empty folder is not). */
export const sharedPresent = existsSync(path.join(corpusDir, 'MANIFEST.tsv'));

/** CI sets CI=true (GitHub, GitLab and .ci/run do); there a missing ../shared is a broken job, not a skip. */
const inCi = (() => {
  const v = process.env['CI'];
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
})();

const reason = `needs ${sharedDir} (the corpus, labels and tools beside the checkout), absent here; CI runs it`;

if (!sharedPresent && inCi) {
  throw new Error(`CI is set but ${path.join(corpusDir, 'MANIFEST.tsv')} is missing: the tests over ../shared would be skipped`);
}

let told = false;

/**
 * The `skip` option of a test over ../shared: false where it exists, else the reason. The first file
 * of a `node --test` run that skips says so on stderr (the runner shows it once; each test's SKIP
 * line carries the reason too). Files run in their own processes, so "first" is decided by a marker
 * file named for the runner's process.
 */
export function needsShared(): string | false {
  if (sharedPresent) return false;
  if (!told) {
    told = true;
    try {
      closeSync(openSync(path.join(tmpdir(), `swaglint-shared-skipped-${process.ppid}`), 'wx'));
      process.stderr.write(`swaglint tests: ../shared is absent, so the tests over the corpus, labels and synth.py are skipped (${sharedDir})\n`);
    } catch {
      // another test file of this run has said it
    }
  }
  return reason;
}
