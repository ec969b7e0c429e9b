#!/usr/bin/env node
// CommonJS, as bin/package.json says; the server is an ES module.
'use strict';
import('../dist/src/lsp/main.js').then(({ main }) => {
  const code = main(process.argv.slice(2), process);
  if (code !== undefined) process.exitCode = code;
});
