// The build's steps after tsc, in order: the one list that `npm run build` and an install from a clone
// (scripts/build.js) both run, so the two cannot drift apart. Each step runs on import.
await import('./build-validator.js'); // the Swagger 2.0 schema → standalone validator code
await import('./build-openapi3-validator.js'); // the OpenAPI 3 schemas (one per minor version) → standalone validator code
await import('./build-function-options.js'); // the core functions' option schemas → standalone validator code (src/declarative/option-validators.ts)
await import('./wordnet-table.js'); // WordNet → the compact table the path rules read (dist/wordnet-senses.bin)
await import('./bundle-cli.js'); // the CLI → one module (it bundles the validator, so it comes second)
await import('./pack-types.js'); // the declaration files the package ships: those its type entries read (dist/*/.npmignore)
await import('./compact-modules.js'); // the shipped modules without comments or indentation (installed size)
