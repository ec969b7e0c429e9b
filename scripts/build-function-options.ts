// Build step: the core functions' option schemas (src/declarative/functions.ts, `optionSchemas`) →
// standalone validator code, one export per function, so that a ruleset's rules are checked without
// loading ajv and compiling its meta-schema and each schema at run time (some 75 ms of every run with
// `--ruleset`, issue 41). The same ajv options as the compile this replaces had, so the same error
// objects and messages. CommonJS: src/declarative/validate.ts requires it by path on the first rule
// definition it checks (the CLI bundle does not carry it).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvModule from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { transformSync } from 'esbuild';
import { optionSchemas } from '../src/declarative/functions.js';
import { functionOptionsModule } from '../src/declarative/option-validators.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.resolve(here, '..', 'src', 'declarative', functionOptionsModule);

// both are CommonJS with a `default` export; NodeNext sees the module object
const ajv = new AjvModule.default({ allErrors: false, strict: false, code: { source: true, lines: false } });
const refs: Record<string, string> = {};
for (const [fn, schema] of Object.entries(optionSchemas)) {
  if (!schema) continue;
  const id = `swaglint-function-options-${fn}`;
  ajv.addSchema(schema, id);
  refs[fn] = id;
}
// minified here: compact-modules.ts leaves `-validator.cjs` files alone as minified already
const code = transformSync(standaloneModule.default(ajv, refs), { format: 'cjs', minify: true, target: 'node20', legalComments: 'none' }).code;
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(`${file}.${process.pid}.tmp`, code);
renameSync(`${file}.${process.pid}.tmp`, file);
