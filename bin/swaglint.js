#!/usr/bin/env node
// The CLI as one bundled script run with a V8 code cache (scripts/bundle-cli.ts,
// src/startup/code-cache.ts): a cold start close to bare Node's.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === '--version') {
  // what `swaglint --version` prints through the CLI, without loading it
  process.stdout.write(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version + '\n');
} else {
  const { loadBundle } = await import('../dist/src/startup/code-cache.js');
  // the bundle's dynamic imports resolve from here, in the package, as they would from the bundle
  const bundle = loadBundle(fileURLToPath(new URL('../dist/src/cli-bundle.vm.js', import.meta.url)), (specifier) => import(specifier), process.env);

  // A reader that stops early (`swaglint rules | head`) has what it wanted: that is no crash.
  process.stdout.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });

  process.exitCode = await bundle.exports.main(argv, { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, cwd: () => process.cwd(), env: process.env });
  bundle.save();
}
