// A hash of what the build reads (scripts/build.js): equal hashes, same dist/. Plain JavaScript, as
// it runs before anything is compiled; test/package.test.ts checks the stamp against it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What the build reads: the compiled folders, and the files that decide how and with what. */
const inputs = ['src', 'rules', 'scripts', 'test', 'bench', 'tsconfig.json', 'tsconfig.package.json', 'package.json', 'package-lock.json', 'packages/server/src', 'packages/server/test', 'packages/server/tsconfig.json', 'packages/server/package.json'];

/**
 * Documents the benchmarks fetch or materialise (.gitignore's bench/ folders): no build reads them, and
 * hashing the label documents' 77 MB made every `npm test` after a materialise rebuild.
 */
const notInputs = new Set(['bench/.real-apis', 'bench/data', 'bench/published']);

/** Every input file's path and bytes, in a fixed order. */
export function sourceHash(root) {
  const hash = createHash('sha256');
  const visit = (rel) => {
    const entries = readdirSync(path.join(root, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && !notInputs.has(child)) visit(child);
      } else if (e.isFile()) hash.update(`${child}\0`).update(readFileSync(path.join(root, child))).update('\0');
    }
  };
  for (const name of inputs) {
    const abs = path.join(root, name);
    if (!existsSync(abs)) continue;
    if (path.basename(name).includes('.')) hash.update(`${name}\0`).update(readFileSync(abs)).update('\0');
    else visit(name);
  }
  return hash.digest('hex');
}
