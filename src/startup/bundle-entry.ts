// The CLI bundle's entry (scripts/bundle-cli.ts): the command line, and the whole library, so that
// CommonJS consumers (`require('swaglint')`, dist/src/index.cjs) run the same one copy of the code
// as the command, without Node's require(esm).
export { main, warmUp } from '../cli/main.js';
export { saveScriptCaches } from './script-cache.js';
export { serveLintJobs } from '../cli/lint-jobs.js';
export * from '../index.js';
