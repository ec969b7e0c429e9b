// Test files `npm test` runs together in one process each group (scripts/test.js), not one process per
// file. A process costs its start, node's test runner and the loading of the sources it imports again
// for every file: about 0.6 s of CPU per file here, and 3 s per lint service file (the service's
// modules, PGlite's WASM and its first database open). Measured through scripts/test.js, GNU time,
// CI=true, load 4 to 6, the files one by one then as the group: `in-process`'s 51 files 81.1 → 52.3 s of
// CPU (1,457 tests, all passing either way), `spawning`'s 35 files 119.9 → 99.2 s (233 tests), and
// `service-in-process`'s 20 files 111.6 → 38.9 s (78 tests; its first 15 alone 78.7 → 29.0 s); the 12
// files added after (11 in-process, first-run-corpus) 57.7 → 47.6 s (356 tests).
//
// Only files whose tests run in this process and leave it as they found it belong here: none sets
// process.env, changes the working folder, mocks modules or globals, listens to the process's signals,
// or asserts what a process has loaded or how many threads it has (test/test-groups.test.ts checks
// the first four). A file not listed runs alone, as every file did before; a file run by name
// (`npm test -- dist/test/x.test.js`) runs alone too.

/** Folder (from the repository's root) → group name → file names without `.test.js`. */
export const groups = {
  'dist/test': {
    'in-process': [
      'catalog', 'code-actions', 'compact', 'config', 'declarative-option-validators', 'declared-index', 'docs-links',
      'docs-spectral', 'external-ref-scan', 'fixes-apply', 'fixtures', 'fuzz-fixtures', 'fuzz', 'import-cycles',
      'incremental-ignores', 'incremental-kept', 'incremental-keys', 'json-positions', 'library-fold', 'lsp-config',
      'lsp-diagnostics-json', 'lsp-elsewhere', 'lsp-incremental', 'lsp', 'markdown-prefilter', 'markdown-source-map',
      'one-walk', 'openapi3-descriptions', 'openapi3-oas32-suite', 'openapi3-v32', 'openapi3-version', 'package-links',
      'parse-yaml-scalars', 'positions', 'rule-context', 'rule-docs-examples', 'rule-imports', 'rule-messages',
      'rule-summary', 'rules', 'same-message-ids', 'scalar-offsets', 'stylish-groups', 'stylish', 'summary',
      'text-count', 'to-lsp', 'toy-format', 'frame-table', 'value-check', 'yaml-errors', 'yaml-fast-path',
      'crawl-order', 'resolved-view', 'self-base', 'lsp-hostile', 'openapi3-corpus', 'corpus', 'relint-equal',
      'markdown-link-finder', 'incremental-equal', 'declarative-spectral', 'test-groups', 'format-knowledge', 'letter-case',
      'lexicon',
    ],
    // these also start the CLI, servers or tsc in child processes, which the grouping leaves as they were
    spawning: [
      'api-detection', 'cli-flags', 'code-cache', 'code-frame', 'config-cli', 'declarative-compat', 'declarative-hostile',
      'declarative-jsonpath', 'declarative-readonly', 'declarative-spectral-answers', 'declarative-spectral-functions',
      'declarative', 'deep-refs', 'first-run', 'fold', 'formats', 'hostile-names', 'ignore-files', 'init-proposal',
      'library-cjs', 'output-flags', 'parse-yaml-index-keys', 'plain-lint', 'readme', 'ref-cycle', 'remote-basic',
      'remote-bearer', 'remote-header', 'remote-origins', 'remote-secrets', 'render-cli', 'settings-runtime',
      'skip-notice', 'stdin', 'sync-output', 'first-run-corpus', 'library', 'bad-input', 'cli-refusals',
    ],
  },
  'packages/server/dist/test': {
    'service-in-process': [
      'auth', 'escalation', 'features', 'fetch-deadline', 'health', 'lint-pool', 'openapi3', 'path-authorization',
      'publish-reader', 'ref-cycle', 'relint', 'retention-interval', 'revision-page', 'routes', 'ruleset-rules',
      'api', 'retention', 'rate-limit', 'diff', 'database-restart',
    ],
  },
};
