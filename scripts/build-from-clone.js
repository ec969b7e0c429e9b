// Builds swaglint when it is installed from a clone of its repository (pre-commit installs hooks
// that way: `npm install` in the clone, then `npm pack`, then a global install of the tarball). A
// `prepare` script would do the same but breaks that path: `npm pack` would run it again and print
// its banner on stdout, where pre-commit reads the tarball's name. The published package has no
// sources, so there this does nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (existsSync(path.join(root, 'tsconfig.json')) && existsSync(path.join(root, 'src'))) {
  let tsc;
  try {
    tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    // an install without devDependencies cannot build; say so, and let the install itself succeed
    console.error('swaglint: not built, typescript is not installed (devDependencies omitted?); run npm run build after installing it.');
    process.exit(0);
  }
  // the steps of `npm run build` (its scripts.build); stdout stays silent: messages, if any, go to stderr
  const steps = [[tsc, '-p', root], [path.join(root, 'dist', 'scripts', 'after-tsc.js')]];
  for (const args of steps) {
    const r = spawnSync(process.execPath, args, { stdio: ['ignore', 2, 2] });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
