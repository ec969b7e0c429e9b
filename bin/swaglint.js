#!/usr/bin/env node
// The CLI as one bundled module (see scripts/bundle-cli.ts): a cold start close to bare Node's.
import { main } from '../dist/src/cli-bundle.js';

// A reader that stops early (`swaglint rules | head`) has what it wanted: that is no crash.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, cwd: () => process.cwd(), env: process.env });
