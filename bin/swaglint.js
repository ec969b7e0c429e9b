#!/usr/bin/env node
// The CLI as one bundled script run with a V8 code cache (scripts/bundle-cli.ts,
// src/startup/cli-start.ts): a cold start close to bare Node's. CommonJS (bin/package.json), as an
// ES module entry costs Node's ES module loader on every run.
'use strict';
const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === '--version') {
  // what `swaglint --version` prints through the CLI, without loading it
  process.stdout.write(require('../package.json').version + '\n');
} else {
  const path = require('node:path');
  // the bundle's dynamic imports resolve from here, in the package, as they would from the bundle
  require('../dist/src/startup/cli-start.cjs').start(path.join(__dirname, '..', 'dist', 'src', 'cli-bundle.vm.js'), argv, (specifier) => import(specifier));
}
